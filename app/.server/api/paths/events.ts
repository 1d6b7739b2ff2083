/**
 * OpenAPI path of the first-party analytics beacon `POST /api/eventos`
 * (docs/decisions/0030-first-party-analytics.md). See `../openapi.ts`.
 */
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { beaconSchema, MAX_BEACON_BYTES } from "~/lib/analytics-events";
import { apiErrorSchema, errorResponses } from "../openapi";

/** Registers `/api/eventos`. */
export function registerApiPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "post",
    path: "/api/eventos",
    summary: "Evento de estatísticas do próprio site (sem autenticação, sem cookies; usado por navigator.sendBeacon)",
    tags: ["Estatísticas"],
    request: {
      body: {
        required: true,
        description: `JSON de no máximo ${MAX_BEACON_BYTES} bytes, como text/plain (sendBeacon) ou application/json.`,
        content: { "text/plain": { schema: beaconSchema }, "application/json": { schema: beaconSchema } },
      },
    },
    responses: {
      204: { description: "Recebido (robôs e pedidos sem User-Agent também recebem 204, sem gravar nada)." },
      413: {
        description: "Corpo grande demais.",
        content: { "application/json": { schema: apiErrorSchema } },
      },
      ...errorResponses(400, 415, 429),
    },
  });
}
