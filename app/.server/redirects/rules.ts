/**
 * Pure route-rule logic (docs/spec.txt §2 "route-rules lookup … if it returns a
 * redirect, the product follows it"): matching a request path
 * against the active rules, following chains of rules up to
 * {@link MAX_REDIRECT_HOPS} hops, and finding cycles before a rule is saved.
 */
import {
  isProtectedPath,
  isServableRule,
  MAX_REDIRECT_HOPS,
  normalizeRedirectPath,
  parseRedirectTarget,
} from "~/lib/redirects";

/** One stored rule. */
export interface RedirectRule {
  id: string;
  /** Normalised from-path (`normalizeRedirectPath`). */
  fromPath: string;
  /** Site path (optional query) or absolute https URL. */
  target: string;
  statusCode: 301 | 302;
  active: boolean;
}

/** The active rules by from-path. */
export type RuleTable = ReadonlyMap<string, RedirectRule>;

/** Active rules by from-path (inactive ones never match, nor do rules `isServableRule` refuses). */
export function buildRuleTable(rules: readonly RedirectRule[]): RuleTable {
  return new Map(rules.filter((rule) => rule.active && isServableRule(rule)).map((rule) => [rule.fromPath, rule]));
}

/** What to answer for a request that matches a rule. */
export interface RedirectDecision {
  /** `Location`: a site path (with query) or an absolute URL. */
  location: string;
  /** 301 only when every hop of the chain is permanent, else 302. */
  status: 301 | 302;
  /** The final target is another site (the browser navigates fully, docs/spec.txt §2). */
  external: boolean;
  /** Rules applied (1 = a single rule). */
  hops: number;
}

/** Result of following a path through the rules. */
export type Resolution =
  { kind: "none" } | { kind: "redirect"; decision: RedirectDecision } | { kind: "loop"; chain: string[] };

/**
 * Follows `pathname` through `table`: the first rule's target, and while that
 * target is a site path with an active rule of its own, that rule's target,
 * at most {@link MAX_REDIRECT_HOPS} rules (a longer chain answers the target
 * reached so far; the browser asks again). A chain that comes back to a path
 * it passed is a loop: no redirect at all (a redirect would loop in the browser).
 * The request's `search` is kept when the final target has no query of its own.
 * Protected paths (`isProtectedPath`) never redirect.
 */
export function resolveRedirect(table: RuleTable, pathname: string, search = ""): Resolution {
  if (table.size === 0) return { kind: "none" };
  const path = normalizeRedirectPath(pathname);
  if (!path || isProtectedPath(path)) return { kind: "none" };
  let rule = table.get(path);
  if (!rule) return { kind: "none" };
  const chain = [path];
  let status: 301 | 302 = rule.statusCode;
  let hops = 1;
  for (;;) {
    const target = parseRedirectTarget(rule.target);
    if (!target) return { kind: "none" };
    const next = target.kind === "internal" ? table.get(target.path) : undefined;
    if (target.kind === "external" || !next || hops >= MAX_REDIRECT_HOPS) {
      if (target.kind === "internal" && chain.includes(target.path))
        return { kind: "loop", chain: [...chain, target.path] };
      return {
        kind: "redirect",
        decision: { location: withSearch(target.value, search), status, external: target.kind === "external", hops },
      };
    }
    if (chain.includes(target.path)) return { kind: "loop", chain: [...chain, target.path] };
    chain.push(target.path);
    rule = next;
    if (rule.statusCode === 302) status = 302;
    hops += 1;
  }
}

/** `target` plus the request's query, unless the target has a query of its own (the fragment stays last). */
function withSearch(target: string, search: string): string {
  if (!search || search === "?") return target;
  const hashAt = target.indexOf("#");
  const base = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const hash = hashAt >= 0 ? target.slice(hashAt) : "";
  if (base.includes("?")) return target;
  return `${base}${search.startsWith("?") ? search : `?${search}`}${hash}`;
}

/**
 * The cycle that saving `candidate` would create among `rules` (the stored
 * rules; a rule with the same id or from-path is replaced), as the list of
 * paths "/a" → "/b" → "/a"; null when there is none or the candidate is inactive.
 */
export function findCycle(rules: readonly RedirectRule[], candidate: RedirectRule): string[] | null {
  if (!candidate.active) return null;
  const others = rules.filter((rule) => rule.id !== candidate.id && rule.fromPath !== candidate.fromPath);
  const table = buildRuleTable([...others, candidate]);
  const chain = [candidate.fromPath];
  let rule: RedirectRule | undefined = candidate;
  while (rule) {
    const target = parseRedirectTarget(rule.target);
    if (!target || target.kind === "external") return null;
    if (chain.includes(target.path)) return [...chain, target.path];
    chain.push(target.path);
    rule = table.get(target.path);
  }
  return null;
}
