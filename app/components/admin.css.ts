/** Styles of the admin area pages: navigation, cards, filters, lists and forms; phone first (360 px). */
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, minWidth: 0 });

export const nav = style({
  display: "flex",
  gap: vars.space.xs,
  overflowX: "auto",
  margin: 0,
  padding: 0,
  listStyle: "none",
  scrollbarWidth: "thin",
});

export const navLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "40px",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      borderColor: vars.color.primary,
    },
    "&:hover": { borderColor: vars.color.text },
  },
});

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, lineHeight: 1.2 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const cards = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const cardLink = style({
  color: vars.color.text,
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const filters = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  gap: vars.space.sm,
  alignItems: "end",
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });

export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });

export const control = style({
  font: "inherit",
  fontSize: vars.fontSize.sm,
  padding: "8px 10px",
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

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.error });

export const warning = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderInlineStart: `4px solid ${vars.color.warning}`,
  background: `color-mix(in srgb, ${vars.color.warning} 10%, transparent)`,
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const row = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

export const inlineForm = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  alignItems: "center",
  margin: 0,
});

export const list = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const leadHead = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.xs,
});

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `2px ${vars.space.sm}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  "@media": { "screen and (max-width: 420px)": { gridTemplateColumns: "1fr" } },
});

export const term = style({ fontWeight: 600, color: vars.color.textMuted });

export const value = style({ margin: 0, overflowWrap: "anywhere", whiteSpace: "pre-line" });

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  padding: "2px 10px",
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  whiteSpace: "nowrap",
});

export const badgeTone = styleVariants({
  novo: { background: `color-mix(in srgb, ${vars.color.secondary} 14%, white)`, color: "#7a0a25" },
  em_atendimento: { background: `color-mix(in srgb, ${vars.color.info} 14%, white)`, color: "#0b3d6b" },
  concluido: { background: `color-mix(in srgb, ${vars.color.success} 14%, white)`, color: "#0d4d24" },
  sent: { background: `color-mix(in srgb, ${vars.color.success} 14%, white)`, color: "#0d4d24" },
  pending: { background: `color-mix(in srgb, ${vars.color.warning} 18%, white)`, color: "#5c3b00" },
  neutral: { background: vars.color.light, color: vars.color.text },
});

export const deliveries = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
});

export const delivery = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  alignItems: "center",
  paddingBlock: vars.space.xs,
  borderTop: `1px solid ${vars.color.border}`,
});

export const smallButton = style({ minHeight: "36px", paddingInline: vars.space.md, fontSize: vars.fontSize.sm });

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  justifyContent: "space-between",
});

export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  maxWidth: "720px",
});

export const checkbox = style({
  display: "inline-flex",
  gap: vars.space.sm,
  alignItems: "center",
  fontSize: vars.fontSize.sm,
  minHeight: "44px",
});

export const colorRow = style({ display: "flex", gap: vars.space.sm, alignItems: "center" });

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

export const preview = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

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
