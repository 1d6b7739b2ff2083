/**
 * Saved-search alerts by e-mail (ADR 0034): the "Criar alerta" form's zod
 * schema (shared by the action and the browser), its field names and the
 * alert pages' paths. The filters are not posted as data: the form posts the
 * page it is on (`pagina`, a site path such as
 * `/todos-os-imoveis/venda-apartamento?quartos=2` or `/busca?q=moema`) and the
 * server reads the filters from it with the list pages' own codec.
 */
import { z } from "zod";
import { ALERT_NAME_MAX, ALERT_PAGE_MAX } from "./alert-fields";
import { emailSchema } from "./leads";
import { singleLineText } from "./text-fields";

export {
  ALERT_CONFIRM_PATH,
  ALERT_CREATE_PATH,
  ALERT_NAME_MAX,
  ALERT_PAGE_MAX,
  ALERT_UNSUBSCRIBE_PATH,
  ALERTS_PATH,
  type AlertActionData,
} from "./alert-fields";

/** The site path of the page the form is on: starts with "/", no scheme or host, one line. */
const pagePath = singleLineText({
  max: ALERT_PAGE_MAX,
  required: "Página inválida.",
  maxMessage: "Página inválida.",
  rules: (value) => value.regex(/^\/(?!\/)[^\s\\]*$/, "Página inválida."),
});

/** "Criar alerta": `{ email, name?, page }` (page = the list, search or map page's path and query). */
export const alertFormSchema = z.object({
  email: emailSchema,
  name: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    singleLineText({ max: ALERT_NAME_MAX }).optional(),
  ),
  page: pagePath,
});

/** A valid "Criar alerta" submission. */
export type AlertFormInput = z.output<typeof alertFormSchema>;
