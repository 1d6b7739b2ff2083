/**
 * The OpenAPI 3 document of the JSON API, served at `/api/openapi.json` and
 * generated from the zod schemas (ADR 0018),
 * built with `@asteasolutions/zod-to-openapi` (for zod 3).
 *
 * Contributions: every module in `app/.server/api/paths/` that exports
 * `registerApiPaths(registry: OpenAPIRegistry): void` is picked up (Vite's
 * `import.meta.glob`), so another part of the API (e.g. `/api/members…`) adds
 * its paths by adding one file there, without editing this one. Register with
 * the helpers below ({@link jsonBody}, {@link jsonResponse}, {@link errorResponses},
 * {@link BEARER}) so every path describes its errors the same way.
 */
import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV3 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

/** The function a contribution module exports. */
export type RegisterApiPaths = (registry: OpenAPIRegistry) => void;

/** Security requirement of a path that needs a bearer token (API session token; docs/decisions/0020-server-side-sessions.md). */
export const BEARER: Record<string, string[]>[] = [{ bearerAuth: [] }];

/** The JSON error body (`{ error, fieldErrors? }`), a registered component. */
export const apiErrorSchema = z
  .object({
    error: z.string().openapi({ description: "Mensagem em português." }),
    fieldErrors: z.record(z.array(z.string())).optional().openapi({ description: "Mensagens por campo do corpo." }),
  })
  .openapi("ApiError");

const ERROR_TEXT: Record<number, string> = {
  400: "Corpo inválido (mensagens por campo em fieldErrors) ou operação recusada.",
  401: "Sem credencial válida: envie Authorization: Bearer <token de POST /api/auth/session>.",
  403: "O usuário não tem o papel exigido, ou pedido de outra origem.",
  404: "Não encontrado.",
  409: "Conflito (por exemplo, e-mail já cadastrado).",
  415: "O corpo não é application/json.",
  429: "Muitas tentativas; veja o cabeçalho Retry-After.",
};

/** `responses` entries for the given error statuses, all with {@link apiErrorSchema}. */
export function errorResponses(...statuses: (keyof typeof ERROR_TEXT)[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: ERROR_TEXT[status]!, content: { "application/json": { schema: apiErrorSchema } } },
    ]),
  );
}

/** A `request.body` with a JSON schema. */
export function jsonBody(schema: z.ZodTypeAny, description?: string) {
  return { required: true, ...(description ? { description } : {}), content: { "application/json": { schema } } };
}

/** A JSON response. */
export function jsonResponse(schema: z.ZodTypeAny, description: string) {
  return { description, content: { "application/json": { schema } } };
}

const contributions = import.meta.glob<{ registerApiPaths?: RegisterApiPaths }>("./paths/*.ts", { eager: true });

/**
 * A fresh registry with the security scheme, the error component and every
 * contribution's paths (in file-name order).
 */
export function buildApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "Token de uma sessão da API, obtido em POST /api/auth/session com e-mail e senha. Com um projeto Firebase real, também um ID token do Firebase Authentication (verificado com assinatura e revogação); com o emulador embutido, ID tokens são recusados.",
  });
  registry.register("ApiError", apiErrorSchema);
  for (const file of Object.keys(contributions).sort()) {
    contributions[file]!.registerApiPaths?.(registry);
  }
  return registry;
}

/** The OpenAPI 3.0 document; `serverUrl` is the site's origin (paths start with `/api`). */
export function buildOpenApiDocument(serverUrl: string) {
  return new OpenApiGeneratorV3(buildApiRegistry().definitions).generateDocument({
    openapi: "3.0.3",
    info: {
      title: "API da imobiliária",
      version: "1.0.0",
      description:
        "API JSON do site. Autenticação: Authorization: Bearer <token de POST /api/auth/session> de um usuário com papel admin, salvo onde indicado. Erros: { error, fieldErrors? }.",
    },
    servers: [{ url: serverUrl }],
  });
}
