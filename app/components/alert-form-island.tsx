/**
 * {@link AlertForm} as an island (`./island`): at the foot of the list and
 * search pages, its code arrives when the visitor nears it (docs/decisions/0051).
 * The map keeps the form itself: its list is a panel beside the map, whose
 * renders (markers, area) are transitions React would hold for an island.
 */
import type { AlertForm, AlertFormProps } from "./alert-form";
import { island } from "./island";
// The form's stylesheets, for the document's first paint (the form's code comes later).
import "./alert-form.css";
import "./forms.css";

/** The "Criar alerta" card, hydrated when the visitor comes near it. */
export const AlertFormIsland = island<AlertFormProps>(
  () => import("./alert-form").then((module): typeof AlertForm => module.AlertForm),
  "criar-alerta",
);
