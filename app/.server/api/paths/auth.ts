/**
 * OpenAPI paths of users, roles, API sessions, the token check and the
 * password reset (docs/spec.txt §7 Auth API;
 * docs/decisions/0020-server-side-sessions.md). See `../openapi.ts`.
 */
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ROLE_NAMES } from "~/lib/auth";
import { userCreateSchema, userUpdateApiSchema } from "~/lib/users";
import { BEARER, errorResponses, jsonBody, jsonResponse } from "../openapi";
import {
  apiSessionBody,
  apiSessionSchema,
  messageSchema,
  resetPasswordConfirmBody,
  resetPasswordRequestBody,
  userListQuerySchema,
  userViewSchema,
} from "../schemas";

/** Registers `/api/auth…` and `/api/roles`. */
export function registerApiPaths(registry: OpenAPIRegistry): void {
  registerUserPaths(registry);
  registerSessionPaths(registry);
}

/** Registers the user administration (`/api/auth`, `/api/auth/users`, `/api/auth/user/{id}…`) and `/api/roles`. */
function registerUserPaths(registry: OpenAPIRegistry): void {
  const User = registry.register("User", userViewSchema);
  const idParam = z.object({ id: z.string().min(1).max(128).describe("uid do Firebase.") });

  registry.registerPath({
    method: "get",
    path: "/api/auth/users",
    summary: "Lista os usuários (busca, ordem, páginas de 20)",
    tags: ["Usuários"],
    security: BEARER,
    request: { query: userListQuerySchema },
    responses: {
      200: jsonResponse(
        z.object({
          users: z.array(User),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
          pageCount: z.number().int(),
        }),
        "Uma página de usuários.",
      ),
      ...errorResponses(400, 401, 403),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/auth",
    summary: "Convida um usuário: cria a conta sem senha e envia por e-mail o link para criar a senha",
    tags: ["Usuários"],
    security: BEARER,
    request: { body: jsonBody(userCreateSchema) },
    responses: {
      201: jsonResponse(
        z.object({ user: User, mailed: z.boolean().describe("false se o e-mail de convite falhou (a conta existe).") }),
        "Usuário criado.",
      ),
      ...errorResponses(400, 401, 403, 409, 415),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/auth/user/{id}",
    summary: "Um usuário",
    tags: ["Usuários"],
    security: BEARER,
    request: { params: idParam },
    responses: { 200: jsonResponse(z.object({ user: User }), "O usuário."), ...errorResponses(401, 403, 404) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/auth/user/{id}",
    summary: "Altera nome, telefone, papel, código de corretor ou desativa/ativa",
    tags: ["Usuários"],
    security: BEARER,
    request: { params: idParam, body: jsonBody(userUpdateApiSchema) },
    responses: {
      200: jsonResponse(z.object({ user: User }), "O usuário alterado."),
      ...errorResponses(400, 401, 403, 404, 409, 415),
    },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/auth/user/{id}",
    summary: "Exclui o usuário (no site e no Firebase)",
    tags: ["Usuários"],
    security: BEARER,
    request: { params: idParam },
    responses: { 204: { description: "Excluído." }, ...errorResponses(400, 401, 403, 404) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/auth/user/{id}/promote",
    summary: "Promove o usuário a administrador",
    tags: ["Usuários"],
    security: BEARER,
    request: { params: idParam },
    responses: {
      200: jsonResponse(z.object({ user: User }), "O usuário promovido."),
      ...errorResponses(401, 403, 404),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/roles",
    summary: "Os papéis com rótulo em português e permissões",
    tags: ["Papéis"],
    security: BEARER,
    responses: {
      200: jsonResponse(
        z.object({
          roles: z.array(z.object({ name: z.enum(ROLE_NAMES), label: z.string(), permissions: z.array(z.string()) })),
        }),
        "Os papéis.",
      ),
      ...errorResponses(401, 403),
    },
  });
}

/** Registers the API sessions (`/api/auth/session`), the token check and the password reset. */
function registerSessionPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "post",
    path: "/api/auth/session",
    summary:
      "Entra com e-mail e senha e devolve o token de uma sessão da API (sem autenticação; mesmos limites do login)",
    description:
      "O servidor confere a senha no serviço de identidade e cria uma sessão do tipo API. Envie o token em Authorization: Bearer <token>. " +
      "A sessão vale 5 dias sem uso (renovada a cada uso) e no máximo 30 dias; termina ao sair (DELETE), ao desativar ou excluir o usuário, " +
      "ao trocar a senha ou o papel, ou quando um administrador a encerra.",
    tags: ["Autenticação"],
    request: { body: jsonBody(apiSessionBody) },
    responses: { 201: jsonResponse(apiSessionSchema, "Sessão criada."), ...errorResponses(400, 401, 403, 415, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/auth/session",
    summary: "Encerra a sessão que fez a chamada (o token deixa de valer)",
    tags: ["Autenticação"],
    security: BEARER,
    responses: { 204: { description: "Sessão encerrada." }, ...errorResponses(400, 401) },
  });
  registry.registerPath({
    method: "get",
    path: "/api/auth/token/check",
    summary: "Confere o token e devolve o objeto firebaseAuth (qualquer usuário do site)",
    tags: ["Autenticação"],
    security: BEARER,
    responses: {
      200: jsonResponse(
        z.object({
          firebaseAuth: z.object({
            uid: z.string(),
            name: z.string(),
            email: z.string(),
            email_verified: z.boolean(),
            phone_number: z.string(),
            application: z.object({ role: z.enum(ROLE_NAMES) }),
          }),
        }),
        "O usuário do token.",
      ),
      ...errorResponses(401),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/auth/reset-password",
    summary:
      "Pede um código de redefinição de senha por e-mail (sem autenticação; mesma resposta exista ou não a conta)",
    tags: ["Autenticação"],
    request: { body: jsonBody(resetPasswordRequestBody) },
    responses: { 202: jsonResponse(messageSchema, "Pedido aceito."), ...errorResponses(400, 415, 429) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/auth/reset-password/{token}",
    summary:
      "Define a nova senha com o código de 6 números (junto com email) ou com o token do link de convite (sem autenticação)",
    tags: ["Autenticação"],
    request: {
      params: z.object({ token: z.string().describe("Código de 6 números ou token do link.") }),
      body: jsonBody(resetPasswordConfirmBody),
    },
    responses: { 200: jsonResponse(messageSchema, "Senha alterada."), ...errorResponses(400, 415, 429) },
  });
}
