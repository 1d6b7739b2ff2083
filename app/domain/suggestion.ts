/**
 * A suggestion of the search box (`/sugestoes`): a city, neighbourhood or
 * condominium of the catalogue, found on the server and listed by the browser.
 */

/** One suggestion of the search box. */
export interface Suggestion {
  kind: "cidade" | "bairro" | "condominio";
  /** Name, e.g. "Moema". */
  label: string;
  /** Where it is: "" for a city, "São Paulo" for a neighbourhood, "Moema, São Paulo" for a condominium. */
  detail: string;
  /** Active listings there. */
  count: number;
  /**
   * Where choosing it goes: the canonical `/todos-os-imoveis/…` URL of the
   * place (with the filters read from the query), or `/detalhes/{slug}` for a
   * condominium.
   */
  url: string;
}
