/** Styles of `/alertas` (the management page of the saved-search alerts). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The page body. */
export const page = style({ display: "grid", gap: vars.space.md, paddingBlock: vars.space.lg });

/** The list of alerts. */
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });

/** One alert card. */
export const item = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.sm,
});

/** The status line. */
export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** The buttons of one alert. */
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });
