/**
 * The tab's sessionStorage, or null where it cannot be used: on the server,
 * and in browsers whose privacy settings make reading `window.sessionStorage`
 * throw.
 */
export function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
