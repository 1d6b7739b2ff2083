/**
 * Process configuration, read once from the environment and validated with zod
 * (issue 2, "Configuration"; style.md §2). A malformed value stops the process
 * at start with a message naming the variable.
 */
import path from "node:path";
import { z } from "zod";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** HTTP port of the site. */
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  /** Public origin of the site, used for canonical URLs and sitemaps (no trailing slash). */
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url("deve ser uma URL absoluta, por exemplo https://www.imobiliaria.com.br")
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
  ),
  /** Agency name; the default title is "{AGENCY_NAME} Imobiliária" (spec §1). */
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
  /** PostgreSQL URL; unset = PGlite in `DATA_DIR/pglite`. */
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "deve começar com postgres:// ou postgresql://")
      .optional(),
  ),
  /** Seconds between two sync runs. */
  SYNC_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(10).max(86_400).default(300),
  ),
  /** Folder for the embedded database, caches and generated files. */
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default("./data")),
});

/** Validated configuration. */
export type Config = z.infer<typeof schema> & {
  /** Absolute `DATA_DIR`. */
  dataDir: string;
};

/**
 * Validates an environment object.
 * @throws {ConfigError} naming every bad variable and why.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message} (valor recebido: ${JSON.stringify(env[String(issue.path[0])] ?? null)})`,
    );
    throw new ConfigError(`Configuração inválida:\n${lines.join("\n")}`);
  }
  if (result.data.VISTA_URL && !result.data.VISTA_KEY) {
    throw new ConfigError("Configuração inválida:\n  VISTA_KEY: obrigatória quando VISTA_URL está definida");
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
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

/** The agency's display title, "{AGENCY_NAME} Imobiliária" (spec §1). */
export function defaultTitle(config: Config = getConfig()): string {
  return `${config.AGENCY_NAME} Imobiliária`;
}
