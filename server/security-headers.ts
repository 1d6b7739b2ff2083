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
 * - Google Analytics 4 / Tag Manager (only when configured; loaded only after
 *   consent, docs/decisions/0029-consent-and-google-analytics.md): exactly the
 *   origins of Google's CSP guide for them ({@link googleTagSources});
 *   without them configured the policy has no Google origin at all.
 * - Strict-Transport-Security with `preload` (2 years, subdomains) when the
 *   public origin is https; never on http (browsers ignore it there, and it
 *   would pin a local demo to https).
 * - Answers that are never documents ({@link isSubresourcePath}: the build's
 *   hashed scripts, styles, fonts and images, and resized photos) carry only
 *   what applies to a subresource: `X-Content-Type-Options: nosniff`,
 *   `Cross-Origin-Resource-Policy: same-origin` and HSTS. CSP, framing and
 *   Permissions-Policy govern documents (and workers); repeated on every
 *   subresource of a page they were a large share of what it transferred
 *   (docs/decisions/0040-fast-on-a-phone-changes.md has the sizes).
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

/** Which of Google's tags the site is configured to load (`GA_MEASUREMENT_ID`, `GTM_ID`). */
export interface GoogleTagCsp {
  /** A GA4 measurement id is set (gtag.js). */
  analytics: boolean;
  /** A Tag Manager container id is set (gtm.js). */
  tagManager: boolean;
}

/** CSP sources to add per directive. */
export interface CspSources {
  script: string[];
  connect: string[];
  img: string[];
}

/**
 * The origins Google's tags need, per Google's "Use a Content Security Policy"
 * guide for GA4 (script from `*.googletagmanager.com`; beacons to
 * `*.google-analytics.com`, `*.analytics.google.com`, `*.googletagmanager.com`;
 * pixels from `*.google-analytics.com`, `*.googletagmanager.com`) and for Tag
 * Manager alone (`www.googletagmanager.com`). Nothing when neither is set.
 */
export function googleTagSources(tags: GoogleTagCsp | null | undefined): CspSources {
  const sources: CspSources = { script: [], connect: [], img: [] };
  if (!tags || (!tags.analytics && !tags.tagManager)) return sources;
  sources.script.push("https://www.googletagmanager.com");
  if (tags.analytics) {
    sources.connect.push(
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://*.googletagmanager.com",
    );
    sources.img.push("https://*.google-analytics.com", "https://*.googletagmanager.com");
  } else {
    sources.connect.push("https://www.googletagmanager.com");
    sources.img.push("https://www.googletagmanager.com");
  }
  return sources;
}

/**
 * The origins the Firebase web SDK's sign-in needs on the login page with a
 * real project (Firebase's CSP guidance for Authentication and App Check):
 * its REST calls (Identity Toolkit, Secure Token, App Check) and
 * reCAPTCHA's script and frames. Only that page gets them.
 */
export const FIREBASE_AUTH_SOURCES = {
  connect: [
    "https://identitytoolkit.googleapis.com",
    "https://securetoken.googleapis.com",
    "https://content-firebaseappcheck.googleapis.com",
    "https://www.google.com/recaptcha/",
  ],
  // Host sources serve browsers without 'strict-dynamic' (which lets the SDK's own inserted scripts run).
  script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
} as const;

/** Options of {@link securityHeaders}. */
export interface SecurityHeaderOptions {
  /** The public origin is https (`PUBLIC_URL`): HSTS and `upgrade-insecure-requests`. */
  https: boolean;
  /** Production build: no Vite dev-server sockets in `connect-src`. */
  production: boolean;
  /** Extra `img-src` sources (the map tile server's origin). */
  imageSources: string[];
  /** Google's tags when configured (opens their origins); absent or null: none. */
  googleTag?: GoogleTagCsp | null;
  /** Paths that sign in through the Firebase web SDK (a real project's login page): they get {@link FIREBASE_AUTH_SOURCES}. */
  firebaseAuthPaths?: readonly string[];
}

/** File types of the build's assets that a browser never renders as a document (SVG is one). */
const SUBRESOURCE_EXTENSIONS = /\.(?:js|css|woff2?|png|jpe?g|webp|avif|gif|ico|map)$/;

/**
 * Whether `path` (the request's path, without the query) answers only with
 * subresources: a build asset under `/assets/` of a non-document type, or a
 * resized photo under `/imagens` (always an image, or a plain-text error).
 */
export function isSubresourcePath(path: string): boolean {
  if (path === "/imagens" || path.startsWith("/imagens/")) return true;
  return path.startsWith("/assets/") && SUBRESOURCE_EXTENSIONS.test(path);
}

/**
 * The middleware: helmet with the CSP above (reading `res.locals.cspNonce`,
 * drawn by the request guards) and Permissions-Policy.
 */
export function securityHeaders(options: SecurityHeaderOptions) {
  const headers = documentHeaders(options, { script: [], connect: [], frame: [] });
  const signInPaths = new Set(options.firebaseAuthPaths ?? []);
  const signInHeaders = signInPaths.size
    ? documentHeaders(options, {
        script: [...FIREBASE_AUTH_SOURCES.script],
        connect: [...FIREBASE_AUTH_SOURCES.connect],
        frame: [...FIREBASE_AUTH_SOURCES.frame],
      })
    : headers;
  const policy = permissionsPolicy();
  const hsts = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (isSubresourcePath(req.path)) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      if (options.https) res.setHeader("Strict-Transport-Security", hsts);
      next();
      return;
    }
    res.setHeader("Permissions-Policy", policy);
    (signInPaths.has(req.path) ? signInHeaders : headers)(req, res, next);
  };
}

/** helmet for documents, with `extra` sources added to the policy. */
function documentHeaders(
  options: SecurityHeaderOptions,
  extra: { script: string[]; connect: string[]; frame: string[] },
) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;
  const google = googleTagSources(options.googleTag);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        // Host sources are ignored where 'strict-dynamic' is understood; they serve older browsers.
        "script-src": [nonce, "'strict-dynamic'", ...google.script, ...extra.script],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": [
          "'self'",
          "data:",
          "blob:",
          "https://i.ytimg.com",
          "https://i.vimeocdn.com",
          ...options.imageSources,
          ...google.img,
        ],
        "font-src": ["'self'", "data:"],
        "connect-src": [
          ...(options.production ? ["'self'"] : ["'self'", "ws:", "wss:"]),
          ...google.connect,
          ...extra.connect,
        ],
        "frame-src": [...VIDEO_EMBED_ORIGINS, ...extra.frame],
        "media-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        // A broker's one-tap reply posts to the lead page, which records it and redirects to WhatsApp,
        // an e-mail or a call (ADR 0081); browsers apply form-action to that redirect too.
        "form-action": ["'self'", "https://wa.me", "mailto:", "tel:"],
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
}
