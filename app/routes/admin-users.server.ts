/**
 * Server side of `/admin/usuarios`: the loader's data and one handler per
 * form intent of its action. Never sent to the browser (`.server`).
 *
 * Every answer is `private, no-store`. A refused operation (`AdminError` of
 * `~/.server/users/manage`) answers its status: beside the fields of the
 * invite or edit form (Conform reply), or as the page's alert for a row
 * button; a success redirects back to the list (search, sort and page kept)
 * with a toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { isAdminError } from "~/.server/admin-error";
import { invitationMail, userAdminDeps } from "~/.server/api/context";
import { clearSessionCookie, getSession } from "~/.server/auth";
import type { DataReply } from "~/.server/data-reply";
import { deleteSession, deleteUserSessions, listUserSessions, type StoredSession } from "~/.server/auth/session";
import { getDb } from "~/.server/db";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply, type ReplyOptions } from "~/.server/form-reply";
import {
  type Actor,
  deleteUser,
  getUser,
  inviteUser,
  listUsers,
  promoteUser,
  resendInvitation,
  setUserEnabled,
  updateUser,
  type UserAdminDeps,
} from "~/.server/users/manage";
import type { SessionView } from "~/components/admin-user-sessions";
import { privatePage } from "~/lib/cache-control";
import { ADMIN_USERS_PATH, LOGIN_PATH } from "~/lib/paths";
import { USER_SORTS, userCreateSchema, userUpdateSchema, type UserView } from "~/lib/users";

const querySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  ordem: z.enum(USER_SORTS).catch("nome"),
  pagina: z.coerce.number().int().min(1).max(100000).catch(1),
  editar: z.string().max(128).optional().catch(undefined),
});

function toSessionView(session: StoredSession, currentId: string | null): SessionView {
  return {
    id: session.id,
    kind: session.kind,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    ip: session.ip,
    userAgent: session.userAgent,
    current: session.id === currentId,
  };
}

/**
 * The page's data: one page of users for the query string (`q`, `ordem`,
 * `pagina`; bad values fall back to the defaults), the user of `?editar=<uid>`
 * (null when unknown) with their active sessions, and the admin's own uid.
 */
export async function loadUsersPage(request: Request, admin: Actor) {
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = getDb().db;
  const page = await listUsers(db, { q: query.q, sort: query.ordem, page: query.pagina });
  let editing: UserView | null = null;
  let sessions: SessionView[] = [];
  if (query.editar) {
    editing = await getUser(db, query.editar).catch((error: unknown) => {
      if (isAdminError(error)) return null;
      throw error;
    });
  }
  if (editing) {
    const currentId = (await getSession(request))?.session?.id ?? null;
    sessions = (await listUserSessions(db, editing.uid)).map((session) => toSessionView(session, currentId));
  }
  return { page, query: { q: query.q, ordem: query.ordem }, editing, sessions, self: admin.uid };
}

/** What the action answers when it does not redirect: the form it concerns and its Conform reply, or a page alert. */
export type UsersActionData = {
  form: "invite" | "edit" | null;
  result: SubmissionResult<string[]> | null;
  error: string | null;
};

/** What every intent handler gets. */
interface IntentContext {
  request: Request;
  formData: FormData;
  admin: Actor;
  deps: UserAdminDeps;
  /** This page with its search, sort and page, without `editar`. */
  back: string;
}

/** This page with its query (search, sort, page), without `editar` and Remix's own parameters. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  for (const key of ["_routes", "_data", "index", "editar"]) url.searchParams.delete(key);
  const search = url.searchParams.toString();
  return search ? `${ADMIN_USERS_PATH}?${search}` : ADMIN_USERS_PATH;
}

/** A non-redirect answer of the action. */
function fail(reply: UsersActionData, status = 400) {
  return data(reply, { status, headers: privatePage() });
}

/** A redirect back to `to` with a toast. */
function done(to: string, toast: Parameters<typeof redirectWithToast>[1]) {
  return redirectWithToast(to, toast, { headers: privatePage() });
}

/** An `AdminError` as the answer of a form: its field messages, else its message above the form. */
function refused(
  form: "invite" | "edit",
  reply: (options: ReplyOptions) => SubmissionResult<string[]>,
  error: unknown,
) {
  if (!isAdminError(error)) throw error;
  const fieldErrors = Object.keys(error.fieldErrors).length ? error.fieldErrors : null;
  const result = reply(fieldErrors ? { fieldErrors } : { formErrors: [error.message] });
  return fail({ form, result, error: null }, error.status);
}

/** `invite`: a new user and the e-mail with the set-password link (a warning toast when the e-mail failed). */
async function inviteIntent({ request, formData, deps, back }: IntentContext) {
  const submission = parseWithZod(formData, { schema: userCreateSchema });
  if (submission.status !== "success")
    return fail({ form: "invite", result: boundedReply(submission, userCreateSchema), error: null });
  try {
    const { user, mailed } = await inviteUser(deps, submission.value, invitationMail(request));
    return done(
      back,
      mailed
        ? { type: "success", title: "Convite enviado", description: `${user.email} recebeu o link para criar a senha.` }
        : {
            type: "warning",
            title: "Usuário criado, mas o e-mail não foi enviado",
            description: "Use “Reenviar convite” mais tarde.",
          },
    );
  } catch (error) {
    return refused("invite", (options) => boundedReply(submission, userCreateSchema, options), error);
  }
}

/** `edit`: name, phone, role and Vista broker code of `uid`. */
async function editIntent({ formData, admin, deps, back }: IntentContext) {
  const submission = parseWithZod(formData, { schema: userUpdateSchema });
  if (submission.status !== "success")
    return fail({ form: "edit", result: boundedReply(submission, userUpdateSchema), error: null });
  try {
    const user = await updateUser(deps, String(formData.get("uid") ?? ""), submission.value, admin);
    return done(back, { type: "success", title: "Usuário atualizado", description: user.displayName || user.email });
  } catch (error) {
    return refused("edit", (options) => boundedReply(submission, userUpdateSchema, options), error);
  }
}

const uid = z.string().min(1).max(128);
const rowActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), uid, enabled: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("promote"), uid }),
  z.object({ intent: z.literal("resend"), uid }),
  z.object({ intent: z.literal("delete"), uid }),
  z.object({ intent: z.literal("end-session"), uid, sessionId: z.string().uuid() }),
  z.object({ intent: z.literal("end-sessions"), uid }),
]);
type RowAction = z.infer<typeof rowActionSchema>;
type RowHandler<I extends RowAction["intent"]> = (
  action: Extract<RowAction, { intent: I }>,
  context: IntentContext,
) => Promise<Response | DataReply<UsersActionData>>;

async function toggleIntent(action: Extract<RowAction, { intent: "toggle" }>, { deps, admin, back }: IntentContext) {
  const enabled = action.enabled === "true";
  const user = await setUserEnabled(deps, action.uid, enabled, admin);
  return done(back, {
    type: "success",
    title: enabled ? "Usuário ativado" : "Usuário desativado",
    description: user.email,
  });
}

async function promoteIntent(action: { uid: string }, { deps, admin, back }: IntentContext) {
  const user = await promoteUser(deps, action.uid, admin);
  return done(back, { type: "success", title: "Promovido a administrador", description: user.email });
}

/** `resend`: a fresh invitation link; 502 when the e-mail could not be sent. */
async function resendIntent(action: { uid: string }, { request, deps, back }: IntentContext) {
  if (!(await resendInvitation(deps, action.uid, invitationMail(request)))) {
    const error = "Não foi possível enviar o e-mail agora. Tente de novo em alguns minutos.";
    return fail({ form: null, result: null, error }, 502);
  }
  return done(back, { type: "success", title: "Convite reenviado" });
}

async function deleteIntent(action: { uid: string }, { deps, admin, back }: IntentContext) {
  await deleteUser(deps, action.uid, admin);
  return done(back, { type: "success", title: "Usuário excluído" });
}

/**
 * `end-session` (one session of `uid`) or `end-sessions` (all of them): back
 * to the edit view; when the admin's own current session ended, the cookie is
 * cleared and the browser goes to the login page.
 */
async function endSessionsIntent(
  action: Extract<RowAction, { intent: "end-session" | "end-sessions" }>,
  { request, deps, admin, back }: IntentContext,
) {
  const current = (await getSession(request, { checkRevoked: true }))?.session?.id ?? null;
  const endedOwn =
    action.intent === "end-session"
      ? (await deleteSession(deps.db, action.sessionId, action.uid)) && action.sessionId === current
      : (await deleteUserSessions(deps.db, action.uid)) > 0 && action.uid === admin.uid && current !== null;
  if (endedOwn) {
    return redirectWithToast(
      LOGIN_PATH,
      {
        type: "info",
        title: "Sessão encerrada",
        description: "Você encerrou a sessão em uso e saiu da área do corretor.",
      },
      { headers: privatePage({ "Set-Cookie": await clearSessionCookie() }) },
    );
  }
  const editView = `${back}${back.includes("?") ? "&" : "?"}editar=${encodeURIComponent(action.uid)}`;
  return done(editView, {
    type: "success",
    title: action.intent === "end-session" ? "Sessão encerrada" : "Sessões encerradas",
  });
}

const rowHandlers: { [I in RowAction["intent"]]: RowHandler<I> } = {
  toggle: toggleIntent,
  promote: promoteIntent,
  resend: resendIntent,
  delete: deleteIntent,
  "end-session": endSessionsIntent,
  "end-sessions": endSessionsIntent,
};

/** A row button's intent: 400 for a malformed post, the `AdminError`'s status and message as the page's alert. */
async function rowIntent(context: IntentContext) {
  const parsed = rowActionSchema.safeParse(Object.fromEntries(context.formData));
  if (!parsed.success) return fail({ form: null, result: null, error: "Pedido inválido. Recarregue a página." });
  try {
    const handler = rowHandlers[parsed.data.intent] as RowHandler<RowAction["intent"]>;
    return await handler(parsed.data, context);
  } catch (error) {
    if (!isAdminError(error)) throw error;
    return fail({ form: null, result: null, error: error.message }, error.status);
  }
}

/**
 * Runs the intent of a post to `/admin/usuarios` (the caller has checked the
 * admin and the Origin): `invite` and `edit` are Conform submissions (400
 * with field errors, 409 for an e-mail or phone in use); `toggle`, `promote`,
 * `resend`, `delete`, `end-session` and `end-sessions` are the row and
 * session buttons.
 */
export async function runUsersIntent(request: Request, admin: Actor): Promise<Response | DataReply<UsersActionData>> {
  const formData = await request.formData();
  const context: IntentContext = { request, formData, admin, deps: userAdminDeps(), back: backTo(request) };
  const intent = formData.get("intent");
  if (intent === "invite") return inviteIntent(context);
  if (intent === "edit") return editIntent(context);
  return rowIntent(context);
}
