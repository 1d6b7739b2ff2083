/**
 * The areas no statistic ever records, neither the site's own (ADR 0030) nor
 * Google's tag (ADR 0029): the broker and admin areas, the sign-in pages, and
 * the owner's report and a visitor's visit pages, whose paths carry their
 * tokens (ADRs 0083, 0088). Paths only, so
 * the browser code that checks it loads nothing else.
 */
import { ADMIN_PATH, LOGIN_PATH, OWNER_REPORT_PATH, PANEL_PATH, VISITS_PATH } from "./paths";

/** Path prefixes never recorded. */
export const UNTRACKED_PATH_PREFIXES: readonly string[] = [
  ADMIN_PATH,
  PANEL_PATH,
  LOGIN_PATH,
  OWNER_REPORT_PATH,
  VISITS_PATH,
];

/**
 * Whether a pathname belongs to an area that is never recorded
 * ({@link UNTRACKED_PATH_PREFIXES}); compared in lower case, as the routes match.
 */
export function isUntrackedPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return UNTRACKED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
