/**
 * {@link BrokerPanel} as an island (`./island`): only a signed-in broker's
 * listing page renders it, so no visitor's page loads its code
 * (docs/decisions/0051).
 */
import type { BrokerPanel } from "./broker-panel";
import { island } from "./island";
// The panel's stylesheet, for the document's first paint (its code comes later).
import "./private-listing.css";

/** The broker's panel, hydrated when the broker comes near it. */
export const BrokerPanelIsland = island<{ code: string }>(
  () => import("./broker-panel").then((module): typeof BrokerPanel => module.BrokerPanel),
  "painel-do-corretor",
);
