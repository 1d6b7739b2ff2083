/**
 * OpenAPI paths of the members API (`/api/members…`; ADR 0018, ADR 0019).
 * See `../openapi.ts`.
 */
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { memberBodyDoc, memberFileDoc, memberViewDoc } from "../../members/api";
import { BEARER, errorResponses, jsonBody, jsonResponse } from "../openapi";

/** Registers `/api/members…`. */
export function registerApiPaths(registry: OpenAPIRegistry): void {
  const Member = registry.register("Member", memberViewDoc);
  const MemberFile = registry.register("MemberFile", memberFileDoc);
  const Body = registry.register("MemberBody", memberBodyDoc);
  const idParam = z.object({ id: z.string().regex(/^\d+$/).describe("id numérico do membro.") });
  const one = (description: string) => jsonResponse(z.object({ member: Member }), description);

  registry.registerPath({
    method: "get",
    path: "/api/members",
    summary: "Lista os membros da equipe (busca, situação, ordem)",
    tags: ["Membros"],
    security: BEARER,
    request: {
      query: z.object({
        q: z.string().max(100).optional(),
        status: z.enum(["ativos", "inativos", "todos"]).optional(),
        ordem: z.enum(["ordem", "nome", "recentes"]).optional(),
      }),
    },
    responses: {
      200: jsonResponse(z.object({ members: z.array(Member) }), "Os membros."),
      ...errorResponses(401, 403),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/members",
    summary: "Cria um membro",
    tags: ["Membros"],
    security: BEARER,
    request: { body: jsonBody(Body) },
    responses: { 201: one("Membro criado."), ...errorResponses(400, 401, 403, 415) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/members/{id}",
    summary: "Altera os dados de um membro (todos os campos)",
    tags: ["Membros"],
    security: BEARER,
    request: { params: idParam, body: jsonBody(Body) },
    responses: { 200: one("Membro alterado."), ...errorResponses(400, 401, 403, 404, 415) },
  });
  // The actions on one member without a body: each answers `{ member }`.
  const memberAction = (
    method: "delete" | "put",
    path: string,
    summary: string,
    done: string,
    errors: Parameters<typeof errorResponses>,
  ) =>
    registry.registerPath({
      method,
      path,
      summary,
      tags: ["Membros"],
      security: BEARER,
      request: { params: idParam },
      responses: { 200: one(done), ...errorResponses(...errors) },
    });
  memberAction(
    "delete",
    "/api/members/{id}",
    "Exclui o membro (exclusão lógica: sai do site, pode ser reativado)",
    "Membro excluído.",
    [401, 403, 404],
  );
  memberAction(
    "put",
    "/api/members/{id}/promote",
    "Dá ao membro um login de corretor (usuário do Firebase, papel agent)",
    "Membro com acesso de corretor.",
    [400, 401, 403, 404],
  );
  memberAction(
    "put",
    "/api/members/{id}/reactivate",
    "Reativa um membro excluído ou inativo",
    "Membro reativado.",
    [401, 403, 404],
  );
  registry.registerPath({
    method: "post",
    path: "/api/members/{id}/uploads/file",
    summary:
      "Envia a foto (campo photo: JPEG, PNG ou WebP até 10 MB) e/ou arquivos (campo file: PDF até 20 MB ou imagens)",
    tags: ["Membros"],
    security: BEARER,
    request: {
      params: idParam,
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({
              photo: z.string().optional().openapi({ format: "binary" }),
              file: z.array(z.string().openapi({ format: "binary" })).optional(),
            }),
          },
        },
      },
    },
    responses: {
      201: jsonResponse(z.object({ member: Member, files: z.array(MemberFile) }), "Arquivos guardados."),
      ...errorResponses(400, 401, 403, 404, 415),
    },
  });
}
