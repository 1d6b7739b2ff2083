/** Styles of the single-point map (`point-map.tsx`, `point-map.client.tsx`): a fixed-height box, the marker, the tile notice. */
import { globalStyle, style } from "@vanilla-extract/css";
import * as fr from "~/styles/fragments.css";
import { vars } from "~/styles/theme.css";

/** Height (px) of the map box, the same before and after Leaflet loads (no layout shift). */
export const POINT_MAP_HEIGHT = 280;

/** The box: fixed height, rounded, light background; a stacking context so Leaflet stays under the site header. */
export const frame = style({
  position: "relative",
  isolation: "isolate",
  zIndex: 0,
  width: "100%",
  height: POINT_MAP_HEIGHT,
  marginTop: vars.space.md,
  overflow: "hidden",
  borderRadius: vars.radius.lg,
  background: vars.color.light,
});

/** The Leaflet container (and the placeholder), filling the box. */
export const map = style([fr.fill, { fontFamily: vars.font.body, background: vars.color.light }]);

/** Placeholder text centred in the box while the map loads (or when it cannot). */
export const placeholder = style([
  fr.centered,
  fr.fill,
  {
    padding: vars.space.md,
    color: vars.color.textMuted,
    fontSize: vars.fontSize.sm,
    textAlign: "center",
  },
]);

/** The marker (an SVG circle): brand colours; Leaflet's attributes are overridden by CSS. */
export const marker = style({});
globalStyle(`path.${marker}`, {
  stroke: vars.color.secondary,
  fill: vars.color.secondary,
  fillOpacity: 0.25,
  strokeWidth: 2,
});

/** "Não foi possível carregar o mapa de fundo": shown over the map when tiles fail (offline). */
export const notice = style({
  position: "absolute",
  left: vars.space.sm,
  bottom: vars.space.sm,
  zIndex: 1000,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.card,
});
