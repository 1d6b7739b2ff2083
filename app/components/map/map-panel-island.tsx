/**
 * {@link MapPanel} as an island (`../island`, docs/decisions/0051 and 0061):
 * the map page's filters, list and alert form, whose code arrives, and which
 * React hydrates, when the panel is near the viewport: right after the page
 * beside a computer's map, only once the visitor opens the list on a phone's
 * full-screen map (the panel is hidden until then). New loader data (the map's
 * area changed) or the router's state wake it at once.
 */
import { island } from "../island";
import type { MapPanel, MapPanelProps } from "./map-panel";
// The panel's stylesheets, for the document's first paint (its code comes later).
import "../alert-form.css";
import "../favourite-button.css";
import "../filters-form.css";
import "../forms.css";
import "../listing-card.css";
import "../listing-grid.css";
import "../pagination.css";
import "./map-list.css";
import "./map-panel.css";

/** The map page's list panel, hydrated when it comes near the viewport. */
export const MapPanelIsland = island<MapPanelProps>(
  () => import("./map-panel").then((module): typeof MapPanel => module.MapPanel),
  "painel-do-mapa",
);
