/**
 * {@link FinancingSimulator} as an island (`./island`): far below the first
 * screen of a listing for sale, its code arrives when the visitor nears it
 * (docs/decisions/0051). Until then, and without JavaScript, "Simular" and the
 * bank rates ask the page's loader, as the simulator does when its reader has
 * not arrived.
 */
import type { FinancingSimulator, FinancingSimulatorProps } from "./financing-simulator";
import { island } from "./island";
// The simulator's stylesheets, for the document's first paint (its code comes later).
import "./detail-page.css";
import "./financing-simulator.css";
import "./forms.css";

/** The financing simulator, hydrated when the visitor comes near it. */
export const FinancingSimulatorIsland = island<FinancingSimulatorProps>(
  () => import("./financing-simulator").then((module): typeof FinancingSimulator => module.FinancingSimulator),
  "simulador",
);
