/**
 * Process configuration, read once from the environment and validated with zod
 * ("Configuration"; docs/style.md §2). A malformed value stops the process
 * at start with a message naming the variable.
 */
import path from "node:path";
import { z } from "zod";
import { isCnpj } from "~/lib/agency-form";
import { authSettings, emptyToUndefined, hexColor, imageUrl, integerSetting, tileUrlTemplate } from "./config-settings";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** HTTP port of the site. */
  PORT: integerSetting(1, 65535, 3000),
  /**
   * Seconds a stop signal (SIGTERM/SIGINT) may take: requests in flight finish, then the jobs and
   * the database close; past this the process exits with code 1. Default 8, below Docker's 10 s
   * stop grace (docs/decisions/0025-production-process-and-image.md).
   */
  SHUTDOWN_TIMEOUT_SECONDS: integerSetting(1, 600, 8),
  /**
   * Page and data requests one process answers at once; more wait
   * (docs/decisions/0071-admission-control.md).
   */
  MAX_REQUESTS_IN_FLIGHT: integerSetting(1, 1024, 16),
  /** Requests waiting for one of those places at most; one more is answered 503 with `Retry-After` at once. */
  MAX_REQUESTS_QUEUED: integerSetting(0, 10_000, 64),
  /** Longest expected wait for one of those places, ms; a request that would wait longer is answered 503 at once. */
  MAX_REQUEST_WAIT_MS: integerSetting(100, 600_000, 2000),
  /**
   * Search-engine crawlers' page and data requests one process answers at once; more wait in
   * their own lane (docs/decisions/0098-crawler-lane.md).
   */
  CRAWLER_MAX_IN_FLIGHT: integerSetting(1, 1024, 1),
  /** Crawler requests waiting in that lane at most; one more is answered 503 with `Retry-After` at once. */
  CRAWLER_MAX_QUEUED: integerSetting(0, 10_000, 32),
  /** Public origin of the site, used for canonical URLs and sitemaps (no trailing slash). */
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url("deve ser uma URL absoluta, por exemplo https://www.imobiliaria.com.br")
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
  ),
  /** Agency name; the default title is "{AGENCY_NAME} Imobiliária" (docs/spec.txt §1). */
  AGENCY_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(80).default("Horizonte")),
  /** Vista REST base URL; unset = start the embedded Vista sandbox. */
  VISTA_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url("deve ser a URL base da API do Vista, por exemplo https://cliente-rest.vistahost.com.br")
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
  ),
  /** Vista API key (32 hex in real tenants). Never logged. */
  VISTA_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** Port of the embedded Vista sandbox (used only when `VISTA_URL` is unset); 0 = any free port. */
  VISTA_SANDBOX_PORT: integerSetting(0, 65535, 8787),
  /** PostgreSQL URL; unset = PGlite in `DATA_DIR/pglite`. */
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "deve começar com postgres:// ou postgresql://")
      .optional(),
  ),
  /** Seconds between two sync runs. */
  SYNC_INTERVAL_SECONDS: integerSetting(10, 86_400, 300),
  /**
   * Safety valve of the sync (docs/decisions/0073-sync-safety-valve.md): the largest share (0–1) of
   * the active listings one run may unpublish; above it the removals are held back.
   */
  SYNC_MAX_REMOVAL_SHARE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ invalid_type_error: "deve ser um número entre 0 e 1, por exemplo 0.1" })
      .min(0, "deve ser no mínimo 0")
      .max(1, "deve ser no máximo 1")
      .default(0.1),
  ),
  /** The largest number of listings one sync run may unpublish before they are held back; 0 = no count limit. */
  SYNC_MAX_REMOVALS: integerSetting(0, 10_000_000, 0),
  /** Consecutive sync runs that must see the same held-back removals before they are applied. */
  SYNC_REMOVAL_CONFIRM_RUNS: integerSetting(2, 100, 3),
  /** Folder for the embedded database, caches and generated files. */
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default("./data")),

  // Theme and shell (docs/spec.txt §1 "Theme settings"). Values from
  // configuration until the admin "Aparência" screen stores them.
  /** Brand primary colour, CSS hex `#rgb` or `#rrggbb`; default black (`app/styles/theme.css.ts`). */
  THEME_PRIMARY: z.preprocess(emptyToUndefined, hexColor.optional()),
  /** Brand secondary colour (accents, calls to action), CSS hex; default a red-pink. */
  THEME_SECONDARY: z.preprocess(emptyToUndefined, hexColor.optional()),
  /** Brand light colour (light background tint), CSS hex; default a grey. */
  THEME_LIGHT: z.preprocess(emptyToUndefined, hexColor.optional()),
  /** Default meta description of the site (docs/spec.txt §1 theme "application.description"); up to 300 characters. */
  SITE_DESCRIPTION: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(300).optional()),
  /** Square logo (favicon-like mark): absolute http(s) URL or a path starting with "/"; default `/logo-square.svg`. */
  LOGO_SQUARE_URL: z.preprocess(emptyToUndefined, imageUrl.optional()),
  /** Horizontal logo shown in the header: absolute http(s) URL or a path starting with "/"; default: the square mark beside the agency name. */
  LOGO_HORIZONTAL_URL: z.preprocess(emptyToUndefined, imageUrl.optional()),
  /** Map tile URL template for Leaflet (`{s}`, `{z}`, `{x}`, `{y}`, `{r}`); its origin is allowed in the CSP img-src. */
  MAP_TILE_URL: z.preprocess(
    emptyToUndefined,
    tileUrlTemplate.default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  ),
  /** Attribution shown on maps (trusted operator HTML: links allowed); required by the tile provider's licence. */
  MAP_TILE_ATTRIBUTION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(500, "deve ter no máximo 500 caracteres")
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'),
  ),
  /** The agency's CRECI registration shown in the footer, e.g. "CRECI 12345-J"; optional. */
  AGENCY_CRECI: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(40).optional()),
  // Agency profile defaults until `/admin/imobiliaria` saves one (app/.server/agency.ts).
  /** Razão social (legal name); default the title "{AGENCY_NAME} Imobiliária". */
  AGENCY_LEGAL_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(150).optional()),
  /** CNPJ, with or without the mask; the check digits are verified. */
  AGENCY_CNPJ: z.preprocess(
    emptyToUndefined,
    z.string().trim().refine(isCnpj, "deve ser um CNPJ válido, por exemplo 12.345.678/0001-95").optional(),
  ),
  /** The agency's public e-mail; default `LEADS_EMAIL`. */
  AGENCY_EMAIL: z.preprocess(emptyToUndefined, z.string().trim().email("deve ser um e-mail válido").optional()),
  /** The agency's public phone with DDD, e.g. (11) 3456-7890. */
  AGENCY_PHONE: z.preprocess(emptyToUndefined, z.string().trim().min(8).max(40).optional()),
  /** Name of the encarregado (DPO, LGPD art. 41). */
  AGENCY_DPO_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(120).optional()),
  /** E-mail of the encarregado (DPO); default the agency's e-mail. */
  AGENCY_DPO_EMAIL: z.preprocess(emptyToUndefined, z.string().trim().email("deve ser um e-mail válido").optional()),
  /** Months a lead is kept before it is anonymised. */
  LEAD_RETENTION_MONTHS: integerSetting(1, 120, 24),
  /**
   * Which peers may set `X-Forwarded-For` / `X-Forwarded-Proto` (Express "trust proxy"): `loopback`
   * by default (a reverse proxy on the same host), a list of networks such as `loopback, 10.0.0.0/8`
   * (a proxy or load balancer on a private network), a hop count such as `1`, `true` (any peer: only
   * behind a proxy that overwrites the header) or `false`. The client IP it yields keys the per-IP
   * rate limits, so a network any client can reach from outside must never be trusted: with Docker's
   * port publishing the clients arrive from the bridge network (172.16.0.0/12), which is why private
   * ranges are not trusted by default (docs/decisions/0021-trusted-origin-and-input-hygiene.md).
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^(true|false|\d{1,2}|[a-z0-9.:/, ]+)$/i,
        "use true, false, um número de saltos (1) ou uma lista de redes (loopback, 10.0.0.0/8)",
      )
      .default("loopback"),
  ),
  // Leads (docs/product.md "Contact requests").
  /**
   * SMTP server for lead e-mails, `smtp://user:pass@host:587` or `smtps://…:465`.
   * Unset: each e-mail is written as an .eml file into `DATA_DIR/outbox` (embedded default).
   */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^smtps?:\/\/[^\s/]+/i,
        "deve começar com smtp:// ou smtps://, por exemplo smtp://usuario:senha@smtp.exemplo.com.br:587",
      )
      .optional(),
  ),
  /** Sender of lead e-mails, `site@imobiliaria.com.br` or `"Nome" <site@…>`; default: `LEADS_EMAIL`. */
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine(
        (value) =>
          /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value) || /^[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/.test(value),
        'deve ser um e-mail, por exemplo site@imobiliaria.com.br ou "Imobiliária" <site@imobiliaria.com.br>',
      )
      .optional(),
  ),
  /**
   * Response target of a lead, in business minutes (the agency's opening hours, São Paulo time;
   * every minute when none are set): a sales lead still "novo" past it sends its responsible broker
   * one reminder (docs/decisions/0080-lead-routing-and-response-reminders.md).
   */
  LEAD_SLA_MINUTES: integerSetting(1, 10_080, 15),
  /** Business minutes after which a lead still "novo" sends one notice to every active administrator. */
  LEAD_SLA_ADMIN_MINUTES: integerSetting(1, 10_080, 60),
  /** Shortest time (ms) between rendering a public form and sending it (spam defence); tests lower it. */
  FORM_MIN_FILL_MS: integerSetting(0, 60_000, 3000),
  /** The agency's inbox that receives every lead; required when `SMTP_URL` is set. */
  LEADS_EMAIL: z.preprocess(
    emptyToUndefined,
    z.string().trim().email("deve ser um e-mail válido, por exemplo contato@imobiliaria.com.br").optional(),
  ),
  /**
   * The agency's WhatsApp number, digits only with country code (e.g. 5511912345678);
   * punctuation is removed. Used when a listing has no broker mobile.
   */
  WHATSAPP_NUMBER: z.preprocess(
    (value) => (typeof value === "string" ? emptyToUndefined(value.replace(/[\s()+.-]/g, "")) : value),
    z
      .string()
      .regex(/^\d{10,15}$/, "deve ter de 10 a 15 dígitos com o código do país, por exemplo 5511912345678")
      .optional(),
  ),
  /**
   * Secret that signs the session and flash-message cookies (at least 32 characters;
   * several secrets separated by commas rotate: the first signs, all verify).
   * Unset: a random one is generated once and kept in `DATA_DIR/session-secret`.
   */
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => value.split(",").every((secret) => secret.trim().length >= 32),
        "cada segredo deve ter pelo menos 32 caracteres (separe vários por vírgula)",
      )
      .optional(),
  ),
  // Authentication (ADR 0016): ./config-settings.ts.
  ...authSettings,
  /**
   * Owner data (owner name and phone, notes, prontuário) a user may open per hour: distinct listings
   * in the last 60 minutes, counted in the access log so the limit holds across processes
   * (docs/decisions/0022-owner-data-access-log.md). 0 = no limit (the log is still written).
   */
  OWNER_DATA_LIMIT_PER_HOUR: integerSetting(0, 100_000, 120),
  // Google Analytics 4 / Tag Manager, loaded only after consent (docs/decisions/0029-consent-and-google-analytics.md).
  /** GA4 measurement id, e.g. G-AB12CD34EF; unset = no Google Analytics (the CSP stays closed to Google). */
  GA_MEASUREMENT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^G-[A-Z0-9]{4,16}$/, "deve ser um ID de métrica do GA4, por exemplo G-AB12CD34EF")
      .optional(),
  ),
  /** Google Tag Manager container id, e.g. GTM-AB12CD3; unset = no Tag Manager. */
  GTM_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, "deve ser um ID de contêiner do Tag Manager, por exemplo GTM-AB12CD3")
      .optional(),
  ),
  // Uploads (ADR 0019).
  /** Where uploads are kept: "local" (`DATA_DIR/uploads`) or "gcs" (Firebase Storage); default "gcs" when `STORAGE_BUCKET` is set. */
  STORAGE_BACKEND: z.preprocess(
    emptyToUndefined,
    z.enum(["local", "gcs"], { message: 'deve ser "local" ou "gcs"' }).optional(),
  ),
  /** Google Cloud Storage (Firebase Storage) bucket, e.g. imobiliaria-prod.appspot.com. */
  STORAGE_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/,
        "deve ser o nome de um bucket, por exemplo imobiliaria-prod.appspot.com",
      )
      .optional(),
  ),
});

/** Validated configuration. */
export type Config = z.infer<typeof schema> & {
  /** Absolute `DATA_DIR`. */
  dataDir: string;
};

/** Variables whose values never appear in an error message. */
const secretVariables = new Set([
  "VISTA_KEY",
  "SESSION_SECRET",
  "SMTP_URL",
  "FIREBASE_SERVICE_ACCOUNT",
  "FIREBASE_API_KEY",
]);

/**
 * Validates an environment object.
 * @throws {ConfigError} naming every bad variable and why.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) =>
        `  ${issue.path.join(".")}: ${issue.message} (valor recebido: ${
          secretVariables.has(String(issue.path[0])) ? "[oculto]" : JSON.stringify(env[String(issue.path[0])] ?? null)
        })`,
    );
    throw new ConfigError(`Configuração inválida:\n${lines.join("\n")}`);
  }
  if (result.data.VISTA_URL && !result.data.VISTA_KEY) {
    throw new ConfigError("Configuração inválida:\n  VISTA_KEY: obrigatória quando VISTA_URL está definida");
  }
  if (result.data.FIREBASE_PROJECT_ID && !result.data.FIREBASE_API_KEY) {
    throw new ConfigError(
      "Configuração inválida:\n  FIREBASE_API_KEY: obrigatória quando FIREBASE_PROJECT_ID está definida",
    );
  }
  if (
    result.data.FIREBASE_PROJECT_ID &&
    !result.data.FIREBASE_SERVICE_ACCOUNT &&
    !result.data.GOOGLE_APPLICATION_CREDENTIALS
  ) {
    throw new ConfigError(
      "Configuração inválida:\n  FIREBASE_SERVICE_ACCOUNT: defina-a (ou GOOGLE_APPLICATION_CREDENTIALS) quando FIREBASE_PROJECT_ID está definida",
    );
  }
  if (result.data.STORAGE_BACKEND === "gcs" && !result.data.STORAGE_BUCKET) {
    throw new ConfigError("Configuração inválida:\n  STORAGE_BUCKET: obrigatória quando STORAGE_BACKEND é gcs");
  }
  if (result.data.NODE_ENV === "production" && !result.data.PUBLIC_URL && !isEmbeddedDemo(result.data)) {
    throw new ConfigError(
      "Configuração inválida:\n  PUBLIC_URL: obrigatória em produção com VISTA_URL ou FIREBASE_PROJECT_ID (a origem pública dos links, por exemplo https://www.imobiliaria.com.br)",
    );
  }
  if (result.data.SMTP_URL && !result.data.LEADS_EMAIL) {
    throw new ConfigError("Configuração inválida:\n  LEADS_EMAIL: obrigatória quando SMTP_URL está definida");
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

/**
 * Whether this is the embedded demo: no Vista tenant and no Firebase project
 * configured. Only then may the site run without `PUBLIC_URL`, taking its
 * origin from requests to a loopback host (docs/decisions/0021-trusted-origin-and-input-hygiene.md).
 */
export function isEmbeddedDemo(config: Pick<Config, "VISTA_URL" | "FIREBASE_PROJECT_ID">): boolean {
  return !config.VISTA_URL && !config.FIREBASE_PROJECT_ID;
}

/** A bad configuration value; the message is meant for the operator. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

let current: Config | undefined;

/** The process configuration, parsed from `process.env` on first use. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/**
 * The CSP `img-src` source that lets the browser load map tiles from
 * `MAP_TILE_URL`: the template's origin (`{s}` subdomains become a `*.` wildcard
 * host), or `null` when the tiles are served by the site itself (a "/" path,
 * already covered by `'self'`). See ADR 0009.
 */
export function mapTileImageSource(config: Pick<Config, "MAP_TILE_URL"> = getConfig()): string | null {
  const template = config.MAP_TILE_URL;
  if (template.startsWith("/")) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return null;
  const host = match[2]!.replace(/^\{s\}\./, "*.");
  if (/[{}]/.test(host)) return `${match[1]!.toLowerCase()}:`;
  return `${match[1]!.toLowerCase()}://${host.toLowerCase()}`;
}

/** The agency's display title, "{AGENCY_NAME} Imobiliária" (docs/spec.txt §1). */
export function defaultTitle(config: Config = getConfig()): string {
  return `${config.AGENCY_NAME} Imobiliária`;
}
