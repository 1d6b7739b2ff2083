/**
 * The actions of `/admin/membros/{id}` (`admin-member.tsx`), one handler per
 * form intent: `save` (Conform; the broker code and login links of ADR 0085
 * refused beside their fields, the login's claim mirrored), the multipart uploads (`photo`, `files`) and
 * the member actions (activate, deactivate, delete, reactivate, promote,
 * remove-photo, delete-file). A refusal of the members domain
 * ({@link AdminError}) is answered as {@link MemberActionData} with its
 * status: beside the field it concerns, or as the page's alert. Success
 * redirects back to the page with a toast. Server only.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { isAdminError } from "~/.server/admin-error";
import { getIdentityBackend } from "~/.server/auth/firebase";
import { type Db, getDb } from "~/.server/db";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import {
  deleteMemberFile,
  getMember,
  type Member,
  promoteMember,
  reactivateMember,
  removeMemberPhoto,
  saveMember,
  setMemberActive,
  softDeleteMember,
} from "~/.server/members";
import { mirrorBrokerClaims } from "~/.server/members/links";
import { readMemberUpload, storeMemberFiles, storeMemberPhoto } from "~/.server/members/uploads";
import { getFileStorage } from "~/.server/storage";
import type { DataReply } from "~/.server/data-reply";
import { privatePage } from "~/lib/cache-control";
import { pageNotFound } from "~/lib/errors";
import { memberFormSchema } from "~/lib/members";
import { adminMemberPath } from "~/lib/paths";

/** What the action answers when it does not redirect: the form's Conform reply, a page alert, or an upload's message. */
export interface MemberActionData {
  result: SubmissionResult<string[]> | null;
  error: string | null;
  photoError?: string;
  filesError?: string;
}

const INVALID_REQUEST = "Pedido inválido. Recarregue a página.";

const fail = (body: Partial<MemberActionData>, status = 400) =>
  data({ result: null, error: null, ...body } satisfies MemberActionData, { status, headers: privatePage() });

/** Back to the member's page with a success toast. */
const done = (id: number, title: string, description?: string) =>
  redirectWithToast(adminMemberPath(id), { type: "success", title, description }, { headers: privatePage() });

/** Runs `work`; an {@link AdminError} becomes {@link MemberActionData} with `place` holding its message. */
async function answerRefusal(
  place: "error" | "photoError" | "filesError",
  work: () => Promise<Response | DataReply<MemberActionData>>,
): Promise<Response | DataReply<MemberActionData>> {
  try {
    return await work();
  } catch (error) {
    if (!isAdminError(error)) throw error;
    return fail({ [place]: error.message }, error.status);
  }
}

/** The member id of the URL, "novo" for a new member. @throws {Response} 404 for anything else. */
export function memberIdOf(request: Request, param: string | undefined): number | "novo" {
  if (param === "novo") return "novo";
  if (param && /^\d{1,9}$/.test(param)) return Number(param);
  throw pageNotFound(new URL(request.url).pathname);
}

/** The existing member `id`. @throws {Response} the 404 page when there is none. */
async function memberOrNotFound(request: Request, db: Db, id: number): Promise<Member> {
  const member = await getMember(db, id);
  if (!member) throw pageNotFound(new URL(request.url).pathname);
  return member;
}

/**
 * A multipart upload of the page without JavaScript: `intent=photo` (the
 * `foto` part) or `intent=files` (the `arquivos` parts). A refusal is shown
 * beside the photo or files field (the `envio` query names it when the body
 * could not be read).
 */
export async function uploadIntent(
  request: Request,
  id: number | "novo",
): Promise<Response | DataReply<MemberActionData>> {
  if (id === "novo") return fail({ error: "Salve o membro antes de enviar arquivos." });
  const db = getDb().db;
  const asked = new URL(request.url).searchParams.get("envio");
  let form: FormData;
  try {
    form = await readMemberUpload(request);
  } catch (error) {
    if (!isAdminError(error)) throw error;
    return fail({ [asked === "photo" ? "photoError" : "filesError"]: error.message }, error.status);
  }
  await memberOrNotFound(request, db, id);
  const intent = form.get("intent");
  if (intent === "photo") {
    const file = form.get("foto");
    if (!(file instanceof File) || file.size === 0) return fail({ photoError: "Escolha uma foto." });
    return answerRefusal("photoError", async () => {
      await storeMemberPhoto(db, id, Buffer.from(await file.arrayBuffer()), {
        name: file.name,
        contentType: file.type,
      });
      return done(id, "Foto atualizada");
    });
  }
  if (intent === "files") {
    const files = form.getAll("arquivos").filter((value): value is File => value instanceof File);
    return answerRefusal("filesError", async () => {
      const stored = await storeMemberFiles(db, id, files);
      return done(id, stored.length === 1 ? "Arquivo enviado" : `${stored.length} arquivos enviados`);
    });
  }
  return fail({ error: INVALID_REQUEST });
}

/** `save`: creates or updates the member; schema errors and domain refusals (a taken slug) come back beside the fields. */
async function saveIntent(formData: FormData, id: number | "novo"): Promise<Response | DataReply<MemberActionData>> {
  const submission = parseWithZod(formData, { schema: memberFormSchema });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data({ result, error: null } satisfies MemberActionData, { status, headers: privatePage() });
  if (submission.status !== "success") return reply(boundedReply(submission, memberFormSchema), 400);
  try {
    const db = getDb().db;
    const before = id === "novo" ? null : await getMember(db, id);
    const saved = await saveMember(db, { ...submission.value, id: id === "novo" ? undefined : id });
    await mirrorLinkedClaims(db, [before?.userUid, saved.userUid]);
    return done(saved.id, id === "novo" ? "Membro criado" : "Membro atualizado", saved.name);
  } catch (error) {
    if (!isAdminError(error)) throw error;
    const fieldErrors = Object.keys(error.fieldErrors).length ? error.fieldErrors : { "": [error.message] };
    return reply(boundedReply(submission, memberFormSchema, { fieldErrors }), error.status);
  }
}

/**
 * Mirrors the broker code of the logins a save touched into their Firebase
 * claims (ADR 0085; best effort, the `users` row stays authoritative).
 */
async function mirrorLinkedClaims(db: Db, uids: readonly (string | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(uids.filter((uid): uid is string => Boolean(uid)))];
  if (!wanted.length) return;
  try {
    await mirrorBrokerClaims(getIdentityBackend(), db, wanted);
  } catch (error) {
    console.error(`[membros] falha ao espelhar os códigos de corretor: ${(error as Error).message}`);
  }
}

const memberActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("deactivate") }),
  z.object({ intent: z.literal("activate") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("reactivate") }),
  z.object({ intent: z.literal("promote") }),
  z.object({ intent: z.literal("remove-photo") }),
  z.object({ intent: z.literal("delete-file"), fileId: z.string().uuid() }),
]);

type MemberAction = z.infer<typeof memberActionSchema>;
type MemberIntentHandler<K extends MemberAction["intent"]> = (
  db: Db,
  member: Member,
  data: Extract<MemberAction, { intent: K }>,
) => Promise<Response | DataReply<MemberActionData>>;

/** One handler per member action; each redirects back with its toast. */
const memberIntents: { [K in MemberAction["intent"]]: MemberIntentHandler<K> } = {
  async activate(db, member) {
    await setMemberActive(db, member.id, true);
    return done(member.id, "Membro ativado", member.name);
  },
  async deactivate(db, member) {
    await setMemberActive(db, member.id, false);
    return done(member.id, "Membro desativado", member.name);
  },
  async delete(db, member) {
    await softDeleteMember(db, member.id);
    return done(member.id, "Membro excluído", `${member.name} saiu do site. Use “Reativar” para desfazer.`);
  },
  async reactivate(db, member) {
    await reactivateMember(db, member.id);
    return done(member.id, "Membro reativado", member.name);
  },
  async promote(db, member) {
    await promoteMember(db, getIdentityBackend(), member.id);
    return done(
      member.id,
      "Acesso de corretor criado",
      `${member.email} pode entrar após definir a senha em “Esqueci minha senha”.`,
    );
  },
  async "remove-photo"(db, member) {
    await removeMemberPhoto(db, await getFileStorage(), member.id);
    return done(member.id, "Foto removida");
  },
  async "delete-file"(db, member, data) {
    await deleteMemberFile(db, await getFileStorage(), member.id, data.fileId);
    return done(member.id, "Arquivo excluído");
  },
};

/**
 * A urlencoded post of the page: `save`, or a member action (only for an
 * existing member: 404 page for an unknown one). A bad intent is the page's
 * alert "Pedido inválido"; a refusal (e.g. promoting a member without an
 * e-mail) is the page's alert with the refusal's status.
 */
export async function formIntent(
  request: Request,
  id: number | "novo",
): Promise<Response | DataReply<MemberActionData>> {
  const formData = await request.formData();
  if (formData.get("intent") === "save") return saveIntent(formData, id);
  if (id === "novo") return fail({ error: INVALID_REQUEST });
  const parsed = memberActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return fail({ error: INVALID_REQUEST });
  const db = getDb().db;
  const member = await memberOrNotFound(request, db, id);
  const handler = memberIntents[parsed.data.intent] as MemberIntentHandler<MemberAction["intent"]>;
  return answerRefusal("error", () => handler(db, member, parsed.data));
}
