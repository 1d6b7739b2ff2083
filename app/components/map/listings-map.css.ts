/** Styles of the `/mapa` map (`listings-map.client.tsx`): frame, overlays, marker labels, popup card. */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** Positioned box around the Leaflet container; a stacking context so Leaflet's z-indexes stay under the site header. */
export const frame = style({
  position: "relative",
  isolation: "isolate",
  zIndex: 0,
  width: "100%",
  height: "100%",
});

/** The Leaflet container. */
export const map = style({
  width: "100%",
  height: "100%",
  borderRadius: vars.radius.lg,
  background: vars.color.light,
  fontFamily: vars.font.body,
});

/**
 * The zoom buttons' "+" and "−" in the site's typeface: Leaflet draws them in
 * a monospace stack ("Lucida Console", Monaco) that loads one more font.
 */
globalStyle(`${map} .leaflet-control-zoom-in, ${map} .leaflet-control-zoom-out`, { fontFamily: "inherit" });

/** Top overlay ("Buscar nesta área"). */
export const overlayTop = style({
  position: "absolute",
  top: vars.space.sm,
  left: "50%",
  transform: "translateX(-50%)",
  zIndex: 1000,
});

/** Bottom overlay (notices, point count). */
export const overlayBottom = style({
  position: "absolute",
  left: vars.space.sm,
  bottom: "28px",
  "@media": {
    // Phones: above the page's floating "Ver lista" toggle (map.css.ts: 24 px from the bottom, 44 px high).
    "(max-width: 959.98px)": {
      bottom: `calc(${vars.space.lg} + 44px + ${vars.space.sm} + env(safe-area-inset-bottom, 0px))`,
    },
  },
  zIndex: 1000,
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xs,
  maxWidth: "calc(100% - 2 * 8px)",
  pointerEvents: "none",
});

/** "Buscar nesta área". */
export const searchButton = style([
  fr.mapPill,
  { fontWeight: 600, fontSize: vars.fontSize.sm, whiteSpace: "nowrap", ":focus-visible": fr.focusRing },
]);

/** A small notice on the map (tiles failed, points failed). */
export const notice = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: "rgba(255, 255, 255, 0.95)",
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  boxShadow: vars.shadow.card,
});

/** "1.234 imóveis no mapa". */
export const pointCount = style([notice, { color: vars.color.textMuted }]);

/** Leaflet's DivIcon wrapper of a cluster (Leaflet's default white box removed). */
export const clusterIcon = style({ background: "none", border: 0 });

/** The cluster bubble with its count. */
export const clusterBubble = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: "50%",
  background: vars.color.secondary,
  color: vars.color.onSecondary,
  fontWeight: 700,
  fontSize: "12px",
  lineHeight: 1,
  whiteSpace: "nowrap",
  boxShadow: `0 0 0 4px color-mix(in srgb, ${vars.color.secondary} 30%, transparent)`,
  cursor: "pointer",
});

/** Leaflet's DivIcon wrapper of a price label (zero size, at the point). */
export const priceIcon = style({ background: "none", border: 0 });

/** The price label, drawn above its point with a small pointer. */
export const priceLabel = style({
  position: "absolute",
  left: 0,
  top: 0,
  transform: "translate(-50%, calc(-100% - 7px))",
  padding: "3px 8px",
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  fontSize: "12px",
  fontWeight: 700,
  whiteSpace: "nowrap",
  cursor: "pointer",
  selectors: {
    "&::after": {
      content: '""',
      position: "absolute",
      left: "50%",
      bottom: "-6px",
      marginLeft: "-5px",
      borderWidth: "6px 5px 0",
      borderStyle: "solid",
      borderColor: `${vars.color.surface} transparent transparent`,
    },
  },
});

/** The highlighted label (its list card is hovered or focused). */
export const priceIconActive = style({});

globalStyle(`${priceIconActive} ${priceLabel}`, {
  background: vars.color.primary,
  color: vars.color.onPrimary,
  borderColor: vars.color.primary,
});
globalStyle(`${priceIconActive} ${priceLabel}::after`, {
  borderColor: `${vars.color.primary} transparent transparent`,
});
globalStyle(`${priceIcon}:focus-visible ${priceLabel}, ${clusterIcon}:focus-visible ${clusterBubble}`, fr.focusRing);

/** Popup card. */
export const popup = style({ display: "flex", flexDirection: "column", gap: "2px", fontFamily: vars.font.body });

export const popupPhoto = style({
  width: "100%",
  height: "auto",
  aspectRatio: "16 / 9",
  maxHeight: "140px",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  marginBottom: vars.space.xs,
  background: vars.color.light,
});

export const popupKicker = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const popupTitle = style({ margin: 0, fontWeight: 700, fontSize: vars.fontSize.sm, color: vars.color.text });

export const popupMeta = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const popupPrice = style({ margin: 0, fontWeight: 700, fontSize: vars.fontSize.sm, color: vars.color.text });

export const popupLink = style({
  marginTop: vars.space.xs,
  fontWeight: 600,
  color: vars.color.secondary,
  textDecoration: "underline",
});

export const popupStatus = style({ margin: 0, fontSize: vars.fontSize.sm });

/** Listings sharing one spot. */
export const leafList = style({
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: "none",
  maxHeight: "220px",
  overflowY: "auto",
});

export const leafButton = style({
  width: "100%",
  minHeight: "36px",
  padding: `0 ${vars.space.xs}`,
  border: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  background: "none",
  textAlign: "left",
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  ":hover": { background: vars.color.light },
});

/** "Desenhar área" / "Remover área" at the map's top right (phones: under the page's "Filtros"). */
export const drawTools = style({
  position: "absolute",
  top: vars.space.sm,
  right: vars.space.sm,
  zIndex: 1000,
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
  gap: vars.space.xs,
  "@media": { "(max-width: 959.98px)": { top: `calc(${vars.space.sm} + 44px + ${vars.space.sm})` } },
});

/** A white pill on the map (drawing tools). */
export const toolButton = style({
  ...fr.surfacePill("44px"),
  color: vars.color.text,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.raised,
  cursor: "pointer",
  whiteSpace: "nowrap",
  ":focus-visible": fr.focusRing,
});

/** The hint while drawing. */
export const drawHint = style([notice, { maxWidth: "220px", textAlign: "right" }]);

/** The map while drawing: a crosshair. */
globalStyle(`${map}.desenhando`, { cursor: "crosshair" });
