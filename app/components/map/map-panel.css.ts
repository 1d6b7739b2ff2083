/** Styles of the map page's list panel (`map-panel.tsx`). */
import { globalStyle, style } from "@vanilla-extract/css";

const wide = "(min-width: 960px)";

/** The filters: folded on wide screens until opened (phones: the form folds itself). */
export const filters = style({
  minWidth: 0,
  "@media": { [wide]: { display: "none", selectors: { "&[data-open], &:target": { display: "block" } } } },
});
// Inside the list column the form's own sidebar behaviour (sticky, own scroll) is not wanted.
globalStyle(`${filters} details`, {
  "@media": { [wide]: { position: "static", maxHeight: "none", overflowY: "visible" } },
});

/** Holder of the phone map's own filters sheet: only the sheet shows (its "Filtros" summary is the map's button). */
export const sheetHost = style({ position: "absolute", top: 0, left: 0 });
globalStyle(`${sheetHost} summary`, { display: "none" });
