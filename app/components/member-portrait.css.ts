/** Styles of a team member's portrait (`member-portrait.tsx`), on `/sobre` and `/membro/{id}`. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Square photo (or the initials). */
export const photo = style({
  width: "100%",
  aspectRatio: "1",
  objectFit: "cover",
  borderRadius: vars.radius.md,
  background: vars.color.light,
});

/** Initials shown when there is no photo. */
export const initials = style([
  photo,
  { display: "grid", placeItems: "center", fontSize: "2.5rem", fontWeight: 700, color: vars.color.textMuted },
]);
