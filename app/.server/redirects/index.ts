/**
 * Route rules ("redirecionamentos", docs/spec.txt §2; issue 6 item 6; ADR 0017):
 * pure matching in `./rules`, storage and the per-process cache in `./store`.
 * Server-only.
 */
export { buildRuleTable, findCycle, resolveRedirect } from "./rules";
export type { RedirectDecision, RedirectRule, Resolution, RuleTable } from "./rules";
export {
  cycleMessage,
  deleteRedirect,
  listRedirects,
  loadRedirects,
  lookupRedirect,
  redirectsReloaded,
  REDIRECT_REFRESH_MS,
  saveRedirect,
  setRedirectActive,
} from "./store";
export type { SaveRedirectResult, StoredRedirect } from "./store";
