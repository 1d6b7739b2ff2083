/**
 * Security headers of every answer (helmet, plus Permissions-Policy, which
 * helmet does not set). See docs/decisions/0021-trusted-origin-and-input-hygiene.md.
 *
 * - Content-Security-Policy with a per-request nonce: `script-src 'nonce-…'
 *   'strict-dynamic'`, no `'unsafe-inline'` for scripts. Remix's inline
 *   scripts carry the nonce (`app/root.tsx`, `app/entry.server.tsx`); the
 *   modules they import are trusted through `'strict-dynamic'`. JSON-LD is a
 *   data block, which CSP does not govern. Styles keep `'unsafe-inline'`
 *   (vanilla-extract's run-time colours and Leaflet's positioning are inline
 *   styles; CSS cannot run code).
 * - Permissions-Policy: every powerful feature the site never uses is off;
 *   the video embeds (YouTube, Vimeo) keep autoplay, fullscreen, encrypted
 *   media and picture-in-picture.
 * - Strict-Transport-Security with `preload` (2 years, subdomains) when the
 *   public origin is https; never on http (browsers ignore it there, and it
 *   would pin a local demo to https).
 */
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/** Origins of the video players embedded on listing pages. */
export const VIDEO_EMBED_ORIGINS = [
  "https://www.youtube-nocookie.com",
  "https://www.youtube.com",
  "https://player.vimeo.com",
] as const;

/** HSTS lifetime, seconds (two years: the preload list's requirement is at least one). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

/**
 * The Permissions-Policy value: features the site does not use are denied to
 * every origin; those the video players need are allowed to the site and them.
 */
export function permissionsPolicy(): string {
  const embeds = VIDEO_EMBED_ORIGINS.map((origin) => `"${origin}"`).join(" ");
  const denied = [
    "accelerometer",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "hid",
    "idle-detection",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "publickey-credentials-get",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
  ].map((feature) => `${feature}=()`);
  const embedded = ["autoplay", "encrypted-media", "fullscreen", "picture-in-picture"].map(
    (feature) => `${feature}=(self ${embeds})`,
  );
  return [...denied, ...embedded].join(", ");
}

/** Options of {@link securityHeaders}. */
export interface SecurityHeaderOptions {
  /** The public origin is https (`PUBLIC_URL`): HSTS and `upgrade-insecure-requests`. */
  https: boolean;
  /** Production build: no Vite dev-server sockets in `connect-src`. */
  production: boolean;
  /** Extra `img-src` sources (the map tile server's origin). */
  imageSources: string[];
}

/**
 * The middleware: helmet with the CSP above (reading `res.locals.cspNonce`,
 * drawn by the request guards) and Permissions-Policy.
 */
export function securityHeaders(options: SecurityHeaderOptions) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [nonce, "'strict-dynamic'"],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": [
          "'self'",
          "data:",
          "blob:",
          "https://i.ytimg.com",
          "https://i.vimeocdn.com",
          ...options.imageSources,
        ],
        "font-src": ["'self'", "data:"],
        "connect-src": options.production ? ["'self'"] : ["'self'", "ws:", "wss:"],
        "frame-src": [...VIDEO_EMBED_ORIGINS],
        "media-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // Helmet's default "no-referrer" makes Chromium send `Origin: null` on form posts, which the
    // same-origin check refuses (every no-JS form would fail); this is the browsers' own default.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.https
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: true }
      : false,
    xFrameOptions: { action: "deny" },
  });
  const policy = permissionsPolicy();
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader("Permissions-Policy", policy);
    headers(req, res, next);
  };
}
