/**
 * Route rules ("redirecionamentos", docs/spec.txt §2 "route-rules lookup"; ADR 0017):
 * pure matching in `./rules`, storage and the per-process cache in `./store`.
 * Server-only.
 */
export type { RedirectDecision } from "./rules";
export { dataRequestRedirect, dataRequestTarget } from "./data-request";
export {
  deleteRedirect,
  listRedirects,
  loadRedirects,
  lookupRedirect,
  redirectsReloaded,
  saveRedirect,
  setRedirectActive,
} from "./store";
export type { StoredRedirect } from "./store";
