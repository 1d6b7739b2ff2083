/** Styles of the listings page (`listings.tsx`). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Page body. */
export const page = style({ paddingBlock: `${vars.space.lg} ${vars.space.xxl}` });

/** Breadcrumb trail. */
export const breadcrumb = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  margin: `0 0 ${vars.space.sm}`,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** A crumb; separators are drawn before every crumb but the first. */
export const crumb = style({
  selectors: { "& + &::before": { content: '"›"', marginRight: vars.space.xs } },
});

/** Page heading block. */
export const header = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
});

/** The H1 (smaller than the display size: it is a results page). */
export const title = style({ fontSize: vars.fontSize.xxl });

/** "1.234 imóveis à venda em Moema". */
export const count = style({ color: vars.color.textMuted });

/** Sidebar + results. */
export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "300px minmax(0, 1fr)", gap: vars.space.xl } },
});

/** Results column. */
export const results = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  transition: "opacity 150ms ease",
});

/** Results while a new page loads. */
export const loading = style({ opacity: 0.55 });

/** Toolbar above the results: count and sort. */
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

/** Notice (code not found). */
export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.light,
  borderLeft: `4px solid ${vars.color.warning}`,
});

/** Page info under the grid ("Página 2 de 57"). */
export const pageInfo = style({ textAlign: "center", fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** Suggestion link in the empty state. */
export const suggestion = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "40px",
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
  selectors: { "&:hover": { borderColor: vars.color.text } },
});

/** Count inside a suggestion. */
export const suggestionCount = style({ color: vars.color.textMuted });

/** The other applied filters under the count ("2+ suítes · Piscina"). */
export const details = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
