/**
 * Names of the site's own cookies that are set on the server, shared with the
 * page that lists them to visitors (`/lgpd`, "Cookies deste site").
 */

/** The broker area's session cookie: `__Host-` only over https (the prefix needs `Secure`). */
export const SESSION_COOKIE_NAMES = ["session", "__Host-session"] as const;

/** The one-read confirmation message of a form (a signed cookie session). */
export const FLASH_COOKIE_NAME = "__flash";
