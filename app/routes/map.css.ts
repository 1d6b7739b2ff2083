/**
 * Styles of `/mapa` (`map.tsx`, ADR 0038).
 *
 * - From 960 px: the page fills the viewport under the site header; the list
 *   (about two card columns, scrolling on its own, filters folded above it)
 *   sits beside a map that takes the rest of the width.
 * - Phones with JavaScript (`data-view` set after hydration): a full-screen
 *   map or the list, switched by a floating toggle. Until hydration sets
 *   `data-view`, a browser that runs scripts already draws the map view
 *   (`scripting: enabled`), so hydrating moves nothing (it was a large layout
 *   shift: docs/decisions/0040-fast-on-a-phone-changes.md).
 * - Phones without JavaScript: the list, then the map's placeholder.
 */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

const wide = "(min-width: 960px)";
const narrow = "(max-width: 959.98px)";
/** A phone whose browser runs scripts: before hydration its page is drawn as the map view it will get. */
const narrowScripted = "(max-width: 959.98px) and (scripting: enabled)";
/** The page in the phone's map view, chosen with the toggle. */
const inMapView = '[data-view="map"]';
/** Selector of the page before hydration (no `data-view` yet). */
const beforeHydration = ":not([data-view])";
/** The viewport under the site header. */
const screenHeight = `calc(100dvh - ${vars.layout.headerHeight})`;

/** Page body: the full width (the map wants room). */
export const page = style({
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.xl}`,
  "@media": {
    [wide]: {
      display: "flex",
      flexDirection: "column",
      height: screenHeight,
      minHeight: "520px",
      padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.md}`,
    },
    [narrow]: { selectors: { [`&${inMapView}`]: fullScreen() } },
    [narrowScripted]: { selectors: { [`&${beforeHydration}`]: fullScreen() } },
  },
});

/** The page as the phone's full-screen map view. */
function fullScreen() {
  return {
    display: "flex",
    flexDirection: "column",
    height: screenHeight,
    minHeight: "420px",
    padding: 0,
  } as const;
}

/**
 * `@media` rules applying `rules` to a child of the page in the phone's map
 * view: chosen with the toggle, or before hydration when scripts run.
 */
function mapViewRules<T extends object>(rules: T) {
  return {
    [narrow]: { selectors: { [`${page}${inMapView} &`]: rules } },
    [narrowScripted]: { selectors: { [`${page}${beforeHydration} &`]: rules } },
  };
}

/** Heading block: one compact line on wide screens. */
export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  marginBottom: vars.space.sm,
  "@media": mapViewRules({ padding: `${vars.space.xs} ${vars.space.md}`, marginBottom: 0 }),
});

/** Breadcrumbs: their own line (hidden on the phone's full-screen map). */
export const crumbs = style({
  flexBasis: "100%",
  "@media": mapViewRules({ display: "none" }),
});
globalStyle(`${crumbs} nav, ${crumbs} ol`, { margin: 0 });

/** The H1. */
export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  lineHeight: 1.25,
  "@media": mapViewRules({ fontSize: vars.fontSize.lg }),
});

/** The one count (ADR 0038). */
export const count = style({ margin: 0, color: vars.color.textMuted });

/** "N outros sem localização (ver em lista)". */
export const unlocated = style({ color: "inherit" });

/** List and map. */
export const split = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  "@media": {
    [wide]: {
      flex: "1 1 auto",
      minHeight: 0,
      display: "grid",
      gridTemplateColumns: "clamp(340px, 42vw, 700px) minmax(0, 1fr)",
      gap: vars.space.md,
    },
    ...mapViewRules({ flex: "1 1 auto", minHeight: 0 }),
  },
});

/** The list column: scrolls on its own on wide screens. */
export const listArea = style({
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space.sm})`,
  "@media": {
    [wide]: {
      overflowY: "auto",
      overscrollBehavior: "contain",
      paddingRight: vars.space.sm,
      paddingBottom: vars.space.md,
    },
    [narrow]: {
      selectors: {
        [`${page}${inMapView} &`]: { display: "none" },
        // Room for the floating toggle under the last card.
        [`${page}[data-view="list"] &`]: { paddingBottom: "88px" },
      },
    },
    [narrowScripted]: { selectors: { [`${page}${beforeHydration} &`]: { display: "none" } } },
  },
});

/** "Filtros" and "Ver em lista". */
export const listTools = style({
  ...fr.centerRow,
  justifyContent: "space-between",
  gap: vars.space.sm,
  "@media": { [narrow]: { justifyContent: "flex-end" } },
});

/** Wide screens: opens the folded filters (a `#filtros-mapa` link without JavaScript). */
export const filtersButton = style({
  ...fr.inlineCenter,
  ...fr.surfacePill("40px"),
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: "none",
  "@media": { [narrow]: { display: "none" } },
  selectors: { '&[aria-expanded="true"]': { borderColor: vars.color.primary } },
});

/** The map column. */
export const mapArea = style({
  minWidth: 0,
  scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space.sm})`,
  "@media": {
    [wide]: { height: "100%" },
    [narrow]: {
      selectors: {
        [`${page}${inMapView} &`]: { flex: "1 1 auto", minHeight: 0 },
        [`${page}[data-view="list"] &`]: { display: "none" },
      },
    },
    [narrowScripted]: { selectors: { [`${page}${beforeHydration} &`]: { flex: "1 1 auto", minHeight: 0 } } },
  },
});

/** Box of the map (and of its placeholder). */
export const mapBox = style({
  position: "relative",
  height: "40vh",
  minHeight: "240px",
  "@media": {
    [wide]: { height: "100%", minHeight: "400px" },
    ...mapViewRules({ height: "100%", minHeight: 0 }),
  },
});

/** Before the map module loads. */
export const placeholder = style({
  width: "100%",
  height: "100%",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.light,
  textAlign: "center",
});

export const placeholderText = style({ margin: 0, color: vars.color.textMuted });

/** Phones: the floating "Ver lista" / "Ver mapa" switch (lifted above the consent banner by `map.tsx`). */
export const toggle = style([
  fr.mapPill,
  {
    position: "fixed",
    left: "50%",
    bottom: `calc(${vars.space.lg} + env(safe-area-inset-bottom, 0px))`,
    transform: "translateX(-50%)",
    zIndex: 900,
    display: "inline-flex",
    alignItems: "center",
    font: "inherit",
    fontWeight: 600,
    "@media": { [wide]: { display: "none" } },
  },
]);

/** A phone's "Filtros" on the full-screen map (ADR 0091); wide screens have the list column's. */
export const mapFiltersButton = style([
  fr.mapPill,
  {
    position: "absolute",
    top: vars.space.sm,
    right: vars.space.sm,
    zIndex: 1001,
    fontWeight: 600,
    fontSize: vars.fontSize.sm,
    "@media": { [wide]: { display: "none" } },
  },
]);
