/** Styles of `lead-form.tsx` (the contact forms: quero vender, mais informações, avise-me). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The form card. */
export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

/** Title of the form. */
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.25 });

/** Short text under the title. */
export const intro = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** Two fields side by side on wide cards (phone and e-mail). */
export const row = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "1fr",
  "@media": { "(min-width: 560px)": { gridTemplateColumns: "1fr 1fr" } },
});

/** One field: label, control, hint, error. */
export const field = style({ display: "flex", flexDirection: "column", gap: "4px", minWidth: 0 });

/** Field label. */
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });

/** "(opcional)" after a label. */
export const optional = style({ fontWeight: 400, color: vars.color.textMuted });

/** Text input and textarea. */
export const control = style({
  width: "100%",
  minHeight: "44px",
  padding: `10px ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  selectors: {
    "&:focus": { borderColor: vars.color.primary, outline: `2px solid ${vars.color.primary}`, outlineOffset: "1px" },
    "&[aria-invalid='true']": { borderColor: vars.color.error },
  },
});

/** The message textarea. */
export const textarea = style([control, { minHeight: "112px", resize: "vertical" }]);

/** Error text beside a field or the form. */
export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.error });

/** Form-level error box (rate limit, refused submission). */
export const formError = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: `color-mix(in srgb, ${vars.color.error} 8%, white)`,
  color: vars.color.error,
  fontSize: vars.fontSize.sm,
});

/** Small print under the button (privacy). */
export const note = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/** The honeypot: off screen, out of the tab order, hidden from assistive tech. */
export const trap = style({
  position: "absolute",
  left: "-10000px",
  width: "1px",
  height: "1px",
  overflow: "hidden",
});

/** Full-width submit. */
export const submit = style({ width: "100%" });
