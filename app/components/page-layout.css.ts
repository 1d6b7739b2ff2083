/**
 * Style fragments shared by the public list pages (`/todos-os-imoveis`,
 * `/mapa`, `/busca`, `/corretor/{filtro}`, `/condominios`) and their
 * components (`results-page.tsx`): page rhythm, heading block, muted count
 * lines, the count-and-sort toolbar, the results column and its loading dim,
 * "Página x de y", the pill links with a count (wider searches, shortcuts),
 * and the filters-sidebar layout with its warning notice.
 */
import { style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** The page's vertical rhythm inside the content column. */
export const page = style({ paddingBlock: `${vars.space.lg} ${vars.space.xxl}` });

/** Heading block: title and count lines. */
export const header = style([fr.column, { gap: vars.space.xs, marginBottom: vars.space.lg }]);

/** The H1 (smaller than the display size: these are results pages). */
export const title = style({ fontSize: vars.fontSize.xxl });

/** Muted line ("1.234 imóveis à venda em Moema"). */
export const muted = style({ color: vars.color.textMuted });

/** Count and sort form on one row (wrapping on phones). */
export const toolbar = style([
  fr.wrapFlex,
  { alignItems: "center", justifyContent: "space-between", gap: vars.space.sm },
]);

/** "Criar alerta desta busca": compact, beside the count (its own line on phones). */
export const alertShortcut = style({ minHeight: "40px", paddingBlock: vars.space.xs, fontSize: vars.fontSize.sm });

/** "Lista | Mapa": two joined pills, the current one filled. */
export const viewSwitch = style({
  display: "inline-flex",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  overflow: "hidden",
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

/** One view of {@link viewSwitch}: 40 px tall (a comfortable touch target). */
export const viewSwitchItem = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "40px",
  paddingInline: vars.space.md,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary },
    "&:hover:not([aria-current])": { background: vars.color.light },
  },
});

/** Results column. */
export const results = style([
  fr.column,
  {
    gap: vars.space.lg,
    transition: "opacity 150ms ease",
  },
]);

/** Results while the next page loads. */
export const loading = style({ opacity: 0.55 });

/** "Página 2 de 57" under the grid. */
export const pageInfo = style({ textAlign: "center", fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** A pill link with a count (wider searches, shortcuts). */
export const chip = style([fr.pillLink, { selectors: { "&:hover": { borderColor: vars.color.primary } } }]);

/** The count inside a chip. */
export const chipCount = style({ color: vars.color.textMuted });

/** A list of chips. */
export const chips = style([fr.wrapFlex, { gap: vars.space.sm }, fr.plainList]);

/** A control of the list pages' GET forms (sort, place filters): 1 px border, surface background. */
export const control = style({
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
});

/** Filters sidebar + results (the listings and search pages): stacked on a phone, side by side from 960 px. */
export const sidebarLayout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.lg,
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "300px minmax(0, 1fr)", gap: vars.space.xl } },
});

/** A highlighted notice above the results (a code not found, a widened search). */
export const warningNotice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.light,
  borderLeft: `4px solid ${vars.color.warning}`,
});

/**
 * "Pular para os resultados": out of sight until it takes the keyboard focus, then a
 * visible pill at the top of the content (the filters form has dozens of Tab stops).
 */
export const skipLink = style({
  ...fr.visuallyHidden,
  selectors: {
    "&:focus, &:focus-visible": {
      position: "static",
      display: "inline-flex",
      alignItems: "center",
      width: "auto",
      height: "auto",
      minHeight: "44px",
      margin: `0 0 ${vars.space.sm}`,
      padding: `0 ${vars.space.md}`,
      overflow: "visible",
      clip: "auto",
      whiteSpace: "normal",
      borderRadius: vars.radius.pill,
      background: vars.color.text,
      color: vars.color.background,
      fontWeight: 700,
      textDecoration: "none",
      ...fr.focusRing,
    },
  },
});

/** A heading the skip link moves the focus to (focusable by script and fragment only). */
export const skipTarget = style({ selectors: { "&:focus": { outline: "none" } } });
