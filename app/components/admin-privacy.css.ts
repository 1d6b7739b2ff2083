/** Styles of `/admin/lgpd` beyond the shared admin styles (`~/components/admin.css`). */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** A record's fields, one "campo: valor" per line. */
export const fields = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere", maxWidth: "60ch" });

/** An overdue deadline. */
export const overdue = style({ color: vars.color.error, fontWeight: 700 });

/** The two destructive forms side by side when there is room. */
export const actions = style([fr.fitColumns("20rem"), { gap: vars.space.md }]);
