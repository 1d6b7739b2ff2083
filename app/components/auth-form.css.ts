/** Styles of the broker login, password reset and broker area forms. */
import { style } from "@vanilla-extract/css";
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

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });

export const control = style({
  font: "inherit",
  padding: "10px 12px",
  minHeight: "44px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  color: vars.color.text,
  selectors: {
    "&:focus-visible": { outline: `2px solid ${vars.color.secondary}`, outlineOffset: "1px" },
    '&[aria-invalid="true"]': { borderColor: vars.color.error },
  },
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.error });

export const alert = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: `color-mix(in srgb, ${vars.color.error} 10%, white)`,
  color: vars.color.error,
  fontSize: vars.fontSize.sm,
});

export const notice = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: `color-mix(in srgb, ${vars.color.success} 10%, white)`,
  color: vars.color.success,
  fontSize: vars.fontSize.sm,
});

export const links = style({
  display: "flex",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const link = style({ color: vars.color.text });
