/** Styles of `/admin/lgpd` beyond the shared admin styles (`~/components/admin.css`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A record's fields, one "campo: valor" per line. */
export const fields = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere", maxWidth: "60ch" });

/** An overdue deadline. */
export const overdue = style({ color: vars.color.error, fontWeight: 700 });

/** The two destructive forms side by side when there is room. */
export const actions = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 20rem), 1fr))",
});
