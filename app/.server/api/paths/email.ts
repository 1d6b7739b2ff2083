/**
 * OpenAPI paths of the two contact requests (docs/spec.txt §7
 * `/email/sell-property`, `/email/more-information`). See `../openapi.ts`.
 */
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { errorResponses, jsonBody, jsonResponse } from "../openapi";
import { leadAcceptedSchema, moreInformationBody, sellPropertyBody } from "../schemas";

const headers = z.object({
  "idempotency-key": z
    .string()
    .max(200)
    .optional()
    .describe(
      "Mesmo valor = mesmo pedido (não grava de novo). Sem ele, o mesmo corpo no mesmo minuto conta como repetição.",
    ),
});

/** Registers `/api/email/…`. */
export function registerApiPaths(registry: OpenAPIRegistry): void {
  const Accepted = registry.register("LeadAccepted", leadAcceptedSchema);
  for (const [path, body, summary] of [
    ["/api/email/sell-property", sellPropertyBody, 'Pedido "quero vender meu imóvel" (sem autenticação)'],
    [
      "/api/email/more-information",
      moreInformationBody,
      "Pedido de mais informações sobre um imóvel (sem autenticação)",
    ],
  ] as const) {
    registry.registerPath({
      method: "post",
      path,
      summary,
      tags: ["Contato"],
      request: { headers, body: jsonBody(body) },
      responses: {
        201: jsonResponse(Accepted, "Pedido gravado; os e-mails e o lead do Vista saem pela fila."),
        200: jsonResponse(Accepted, "Repetição de um pedido já gravado."),
        ...errorResponses(400, 415, 429),
      },
    });
  }
}
