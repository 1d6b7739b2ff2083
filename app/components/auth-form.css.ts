/**
 * Styles of the sign-in card (`auth-card.tsx`: login and password pages) and
 * of the broker area's headings; the fields, errors and notices come from the
 * form kit (`forms.css.ts`).
 */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
});

export const title = style({ fontSize: vars.fontSize.xl, margin: 0, lineHeight: 1.2 });

export const intro = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const form = style([fr.column, { gap: vars.space.md }]);

export const links = style([
  fr.wrapFlex,
  { justifyContent: "space-between", gap: vars.space.sm, fontSize: vars.fontSize.sm },
]);

export const link = style({ color: vars.color.text });

/** A table caption aligned with the start of the table (the panel's "N imóveis"). */
export const captionStart = style({ textAlign: "start" });

/** A section heading of the broker panel ("Meus leads"). */
export const sectionHeading = style({ margin: 0, fontSize: "1.25rem" });
