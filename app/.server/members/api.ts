/**
 * The members part of the JSON API (ADR 0018, ADR 0019): the body schema (the
 * admin form's rules, with JSON types), the public view of a member, how a
 * refusal of the domain is answered, and the OpenAPI schemas registered by
 * `../api/paths/members.ts`.
 */
import { z } from "zod";
import { type MemberBasics, memberFormSchema } from "~/lib/members";
import { isAdminError } from "../admin-error";
import { apiError, INVALID_BODY } from "../api/http";
import { storedFilePath } from "../storage";
import type { Db } from "../db";
import { getMember, type Member, type MemberFile, MEMBER_NOT_FOUND } from ".";

/**
 * Body of `POST /api/members` and `PUT /api/members/{id}` (whole member;
 * `active` defaults to true; the login link is the admin page's and
 * "promote"'s, kept as it is). The form's field rules apply: bounded texts,
 * no control characters (a NUL in any text is a 400, never a database error).
 */
export const memberApiBodySchema = memberFormSchema
  .omit({ id: true, userUid: true })
  .extend({ active: z.boolean().default(true) });

/** The numeric member id of an API path (`/api/members/{id}`), or null. */
export function memberIdParam(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * The id of an existing member from an API path's `{id}` (deleted members included).
 * @throws {Response} 404 JSON `{ error: "Membro não encontrado." }` for a malformed or unknown id.
 */
export async function requireApiMemberId(db: Db, param: string | undefined): Promise<number> {
  const id = memberIdParam(param);
  if (id == null || !(await getMember(db, id))) throw apiError(404, MEMBER_NOT_FOUND);
  return id;
}

/**
 * Runs an API operation, answering an {@link AdminError} of the members
 * domain as JSON `{ error, fieldErrors? }`: a refusal with field errors (a
 * taken slug) is 400 "Dados inválidos. Confira os campos." with them; any
 * other keeps its message, with `status` when given (else its own).
 * Responses and other errors pass.
 */
export async function answerMemberRefusals(
  work: () => Promise<Response>,
  options: { status?: number } = {},
): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (!isAdminError(error)) throw error;
    if (Object.keys(error.fieldErrors).length) return apiError(400, INVALID_BODY, error.fieldErrors);
    return apiError(options.status ?? error.status, error.message);
  }
}

/** A member as the API answers it (dates as ISO strings). */
export interface MemberView extends MemberBasics {
  /** The Vista broker code, or null. */
  brokerCode: string | null;
  /** Firebase uid of the broker login given by "promote", or null. */
  userUid: string | null;
  /** `/arquivos/…` of the photo, or null. */
  photoUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The API view of a row. */
export function toMemberView(m: Member): MemberView {
  return {
    id: m.id,
    slug: m.slug,
    name: m.name,
    title: m.title,
    creci: m.creci,
    email: m.email,
    phone: m.phone,
    whatsapp: m.whatsapp,
    bio: m.bio,
    brokerCode: m.brokerCode,
    sortOrder: m.sortOrder,
    active: m.active,
    deleted: m.deletedAt != null,
    userUid: m.userUid,
    photoUrl: m.photoKey ? storedFilePath(m.photoKey) : null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** The API view of a stored file. */
export function toMemberFileView(f: MemberFile) {
  return {
    id: f.id,
    name: f.name,
    contentType: f.contentType,
    size: f.size,
    url: storedFilePath(f.key),
    createdAt: f.createdAt.toISOString(),
  };
}

/** OpenAPI: a member. */
export const memberViewDoc = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  title: z.string(),
  creci: z.string(),
  email: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  bio: z.string(),
  brokerCode: z.string().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  deleted: z.boolean(),
  userUid: z.string().nullable(),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** OpenAPI: the body of a create or update (the validation itself is {@link memberApiBodySchema}). */
export const memberBodyDoc = z.object({
  name: z.string().min(2).max(120),
  slug: z.string().max(80).optional().describe("Vazio: criado a partir do nome."),
  title: z.string().max(80).optional(),
  creci: z.string().max(20).optional(),
  email: z.string().max(200).email().optional(),
  phone: z.string().max(30).optional().describe("Com DDD."),
  whatsapp: z.string().max(30).optional().describe("Com DDD."),
  bio: z.string().max(4000).optional(),
  brokerCode: z.string().max(30).optional().describe("Código do corretor no Vista."),
  sortOrder: z.number().int().min(0).max(9999).optional(),
  active: z.boolean().optional().describe("Padrão: true."),
});

/** OpenAPI: a stored file. */
export const memberFileDoc = z.object({
  id: z.string().uuid(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
});
