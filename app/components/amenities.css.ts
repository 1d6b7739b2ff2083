/**
 * Styles of an amenities list (`amenities.tsx`): two to three columns of
 * check-marked items. Theme variables only (docs/style.md §7).
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as f from "./detail-fragments.css";

/** The section. */
export const section = style([f.section]);

/** The list. */
export const list = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  gap: `${vars.space.sm} ${vars.space.lg}`,
  ...f.plainList,
});

/** One amenity. */
export const item = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  lineHeight: 1.4,
});

/** The check mark. */
export const check = style({
  flex: "0 0 auto",
  marginTop: "1px",
  color: vars.color.success,
});
