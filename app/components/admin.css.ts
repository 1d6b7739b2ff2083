/** Styles of the admin area pages: navigation, cards, filters, lists and forms; phone first (360 px). */
import { createVar, style, styleVariants } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";
import { control as kitControl } from "./forms.css";

/** Fields, labels, checkboxes and hints look as in the form kit (`forms.tsx`). */
export { checkbox, field, hint, label } from "./forms.css";

export const page = style([fr.column, { gap: vars.space.lg, minWidth: 0 }]);

export const nav = style({
  display: "flex",
  gap: vars.space.xs,
  overflowX: "auto",
  margin: 0,
  padding: 0,
  listStyle: "none",
  scrollbarWidth: "thin",
});

export const navLink = style([
  fr.inlineCenter,
  fr.pillOutline,
  {
    fontWeight: 600,
    whiteSpace: "nowrap",
    selectors: {
      '&[aria-current="page"]': {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        borderColor: vars.color.primary,
      },
      "&:hover": { borderColor: vars.color.text },
    },
  },
]);

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, lineHeight: 1.2 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const cards = style([
  { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))", gap: vars.space.md },
  fr.plainList,
]);

export const card = style([fr.column, { gap: vars.space.sm }, fr.panel, { minWidth: 0 }]);

export const cardLink = style({
  color: vars.color.text,
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const filters = style([
  {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
    gap: vars.space.sm,
    alignItems: "end",
  },
  fr.panel,
]);

/** The form kit's control, a little denser (admin filters and forms). */
export const control = style([kitControl, { fontSize: vars.fontSize.sm, padding: "8px 10px" }]);

/** A control sized to its content inside an inline form (the lead's "Responsável"). */
export const inlineControl = style([control, { width: "auto", maxWidth: "100%" }]);

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.error });

export const warning = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderInlineStart: `4px solid ${vars.color.warning}`,
  background: `color-mix(in srgb, ${vars.color.warning} 10%, transparent)`,
});

export const row = style([fr.wrapFlex, { gap: vars.space.sm, alignItems: "center" }]);

export const inlineForm = style([fr.wrapFlex, { gap: vars.space.xs, alignItems: "center", margin: 0 }]);

export const list = style([fr.column, { gap: vars.space.md }, fr.plainList]);

export const leadHead = style([fr.wrapFlex, { justifyContent: "space-between", gap: vars.space.xs }]);

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `2px ${vars.space.sm}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  "@media": { "screen and (max-width: 420px)": { gridTemplateColumns: "1fr" } },
});

/** One term and its value of {@link facts}, laid out by the grid as if the wrapper were not there. */
export const factRow = style({ display: "contents" });

export const term = style({ fontWeight: 600, color: vars.color.textMuted });

export const value = style({ margin: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" });

export const badge = style([
  fr.inlineCenter,
  {
    padding: "2px 10px",
    borderRadius: vars.radius.pill,
    fontSize: vars.fontSize.xs,
    fontWeight: 700,
    whiteSpace: "nowrap",
  },
]);

export const badgeTone = styleVariants({
  novo: { background: `color-mix(in srgb, ${vars.color.secondary} 14%, white)`, color: "#7a0a25" },
  em_atendimento: { background: `color-mix(in srgb, ${vars.color.info} 14%, white)`, color: "#0b3d6b" },
  visita_agendada: { background: `color-mix(in srgb, ${vars.color.info} 14%, white)`, color: "#0b3d6b" },
  proposta: { background: `color-mix(in srgb, ${vars.color.warning} 18%, white)`, color: "#5c3b00" },
  fechado: { background: `color-mix(in srgb, ${vars.color.success} 14%, white)`, color: "#0d4d24" },
  perdido: { background: vars.color.light, color: vars.color.text },
  concluido: { background: `color-mix(in srgb, ${vars.color.success} 14%, white)`, color: "#0d4d24" },
  sent: { background: `color-mix(in srgb, ${vars.color.success} 14%, white)`, color: "#0d4d24" },
  pending: { background: `color-mix(in srgb, ${vars.color.warning} 18%, white)`, color: "#5c3b00" },
  neutral: { background: vars.color.light, color: vars.color.text },
});

export const deliveries = style([fr.column, { gap: vars.space.xs }, fr.plainList, { fontSize: vars.fontSize.sm }]);

export const delivery = style([
  fr.wrapFlex,
  {
    gap: vars.space.xs,
    alignItems: "center",
    paddingBlock: vars.space.xs,
    borderTop: `1px solid ${vars.color.border}`,
  },
]);

export const smallButton = style({ minHeight: "36px", paddingInline: vars.space.md, fontSize: vars.fontSize.sm });

export const pager = style([
  fr.wrapFlex,
  { gap: vars.space.sm, alignItems: "center", justifyContent: "space-between" },
]);

export const form = style([fr.column, { gap: vars.space.md }, fr.panel, { maxWidth: "720px" }]);

/** A redirect rule's "from → to" line (long URLs wrap anywhere). */
export const ruleName = style({ overflowWrap: "anywhere" });

export const colorRow = style([fr.centerRow, { gap: vars.space.sm }]);

export const swatch = style({
  flex: "none",
  width: "44px",
  height: "44px",
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: "none",
  cursor: "pointer",
});

/** The hex text box beside a colour swatch. */
export const colorInput = style([control, { maxWidth: "12rem" }]);

/** Colours of the appearance preview, set inline from the form's current values. */
export const previewColors = {
  light: createVar(),
  primary: createVar(),
  onPrimary: createVar(),
  secondary: createVar(),
  onSecondary: createVar(),
};

/** The appearance preview: the light colour as background. */
export const preview = style([
  fr.column,
  {
    gap: vars.space.sm,
    padding: vars.space.md,
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.color.border}`,
    background: previewColors.light,
  },
]);

/** The header bar of the preview (primary colour). */
export const previewBar = style({
  background: previewColors.primary,
  color: previewColors.onPrimary,
  padding: "10px 14px",
  borderRadius: 8,
  fontWeight: 700,
});

/** The call-to-action button of the preview (secondary colour). */
export const previewButton = style({
  display: "inline-block",
  background: previewColors.secondary,
  color: previewColors.onSecondary,
  padding: "8px 16px",
  borderRadius: 999,
  fontWeight: 600,
});

/** Body text on the preview's light background (the site's text colour). */
export const previewText = style({ color: vars.color.text });

export const tableWrap = style({ overflowX: "auto" });

export const alert = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: `color-mix(in srgb, ${vars.color.error} 10%, white)`,
  color: vars.color.error,
  fontSize: vars.fontSize.sm,
});

/** A data table of the admin area (inside {@link tableWrap} so it scrolls sideways on a phone). */
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm });

export const cell = style({
  textAlign: "start",
  verticalAlign: "top",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** A cell that must not wrap (dates, codes, IPs). */
export const nowrap = style({ whiteSpace: "nowrap" });

/** A section heading inside an admin page (below {@link title}). */
export const heading = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg, lineHeight: 1.3 });
