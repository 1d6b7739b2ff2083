/** Styles of the form kit (`forms.tsx`): one look for every form of the site and the admin. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A label, its control, a hint and the error, stacked. */
export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });

export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });

/** "(opcional)" after a label. */
export const optional = style({ fontWeight: 400, color: vars.color.textMuted });

/** Inputs and selects: 44 px tall (a touch target), the error colour when invalid. */
export const control = style({
  font: "inherit",
  padding: "10px 12px",
  minHeight: "44px",
  width: "100%",
  minWidth: 0,
  boxSizing: "border-box",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  color: vars.color.text,
  selectors: {
    "&:focus-visible": { outline: `2px solid ${vars.color.secondary}`, outlineOffset: "1px" },
    '&[aria-invalid="true"]': { borderColor: vars.color.error },
  },
});

export const textarea = style([control, { minHeight: "112px", resize: "vertical" }]);

export const checkbox = style({
  display: "inline-flex",
  gap: vars.space.sm,
  alignItems: "center",
  fontSize: vars.fontSize.sm,
  minHeight: "44px",
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const errors = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
  color: vars.color.error,
});

const box = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
});

/** A form-level error (refused submission, rate limit). */
export const alert = style([
  box,
  { background: `color-mix(in srgb, ${vars.color.error} 10%, white)`, color: vars.color.error },
]);

/** A form-level confirmation ("enviamos um código"). */
export const notice = style([
  box,
  { background: `color-mix(in srgb, ${vars.color.success} 10%, white)`, color: vars.color.success },
]);
