/**
 * {@link LeadForm} as an island (`./island`): "Mais informações" far below the
 * first screen of a listing or condominium page, whose code arrives when the
 * visitor nears it (docs/decisions/0051). Before that it posts as without
 * JavaScript; a message typed or filled in meanwhile is kept.
 */
import type { LeadForm, LeadFormProps } from "./lead-form";
import { island } from "./island";
// The form's stylesheets, for the document's first paint (its code comes later).
import "./forms.css";
import "./lead-form.css";

/** The lead form, hydrated when the visitor comes near it. */
export const LeadFormIsland = island<LeadFormProps>(
  () => import("./lead-form").then((module): typeof LeadForm => module.LeadForm),
  "contato",
);
