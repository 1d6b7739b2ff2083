/**
 * `/admin/usuarios` (issue 6 item 1 "Usuários"; docs/product.md "Usuários: list,
 * create (invite by e-mail), edit, delete, promote to admin"; ADR 0018): the
 * users with search (name or e-mail), sort and pages of 20 (GET form, query
 * string `q`, `ordem`, `pagina`); a form to invite one (Firebase account
 * without password + e-mail with a link to create it); `?editar=<uid>` opens
 * the edit form (name, phone, role, Vista broker code); per user: ativar /
 * desativar, promover a administrador, reenviar convite, excluir. Firebase and
 * the table stay consistent (`~/.server/users/manage`). The edit view also
 * lists the user's active sessions (kind, created, last used, IP, browser)
 * with "Encerrar" per session and "Encerrar todas as sessões"
 * (docs/decisions/0020-server-side-sessions.md); ending one's own current
 * session signs one out. Admin only; never cached; works without
 * JavaScript; bad input → 400 with pt-BR messages beside the fields.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { invitationMail, userAdminDeps } from "~/.server/api/context";
import { clearSessionCookie, getSession, requireRole } from "~/.server/auth";
import { assertSameOrigin } from "~/.server/auth/protection";
import { deleteSession, deleteUserSessions, listUserSessions, type StoredSession } from "~/.server/auth/session";
import { getDb } from "~/.server/db";
import { boundedReply } from "~/.server/form-reply";
import { redirectWithToast } from "~/.server/flash";
import {
  deleteUser,
  getUser,
  inviteUser,
  listUsers,
  promoteUser,
  resendInvitation,
  setUserEnabled,
  updateUser,
  UserAdminError,
} from "~/.server/users/manage";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { ROLE_DEFINITIONS, ROLE_NAMES } from "~/lib/auth";
import { formatSaoPaulo } from "~/lib/lead-inbox";
import {
  formatPhone,
  USER_SORT_LABELS,
  USER_SORTS,
  type UserSort,
  userCreateSchema,
  userUpdateSchema,
} from "~/lib/users";
import { button } from "~/styles/ui.css";
import { ADMIN_USERS_PATH, LOGIN_PATH } from "~/lib/paths";

const PRIVATE = { "Cache-Control": "private, no-store" };

const querySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  ordem: z.enum(USER_SORTS).catch("nome"),
  pagina: z.coerce.number().int().min(1).max(100000).catch(1),
  editar: z.string().max(128).optional().catch(undefined),
});

/** A session as the edit view shows it (dates as ISO strings). */
interface SessionView {
  id: string;
  kind: StoredSession["kind"];
  createdAt: string;
  lastSeenAt: string;
  ip: string;
  userAgent: string;
  /** The session this page was requested with. */
  current: boolean;
}

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

/** Guard (admin), then one page of users, the one being edited and that user's active sessions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireRole(request, "admin");
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = getDb().db;
  const page = await listUsers(db, { q: query.q, sort: query.ordem, page: query.pagina });
  let editing = null;
  let sessions: SessionView[] = [];
  if (query.editar) {
    try {
      editing = await getUser(db, query.editar);
    } catch (error) {
      if (!(error instanceof UserAdminError)) throw error;
    }
  }
  if (editing) {
    const currentId = (await getSession(request))?.session?.id ?? null;
    sessions = (await listUserSessions(db, editing.uid)).map((session) => toSessionView(session, currentId));
  }
  return json(
    { page, query: { q: query.q, ordem: query.ordem }, editing, sessions, self: admin.uid },
    { headers: PRIVATE },
  );
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [{ title: "Usuários | Administração" }, { name: "robots", content: "noindex" }];

const rowActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), uid: z.string().min(1).max(128), enabled: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("promote"), uid: z.string().min(1).max(128) }),
  z.object({ intent: z.literal("resend"), uid: z.string().min(1).max(128) }),
  z.object({ intent: z.literal("delete"), uid: z.string().min(1).max(128) }),
  z.object({ intent: z.literal("end-session"), uid: z.string().min(1).max(128), sessionId: z.string().uuid() }),
  z.object({ intent: z.literal("end-sessions"), uid: z.string().min(1).max(128) }),
]);

/** This page with its query (search, sort, page), without `editar` and Remix's own parameters. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  for (const key of ["_data", "index", "editar"]) url.searchParams.delete(key);
  const search = url.searchParams.toString();
  return search ? `${ADMIN_USERS_PATH}?${search}` : ADMIN_USERS_PATH;
}

type ActionData = { form: "invite" | "edit" | null; result: SubmissionResult<string[]> | null; error: string | null };

/** The edit view of `uid` on this page (search, sort and page kept). */
function editView(request: Request, uid: string): string {
  const back = backTo(request);
  return `${back}${back.includes("?") ? "&" : "?"}editar=${encodeURIComponent(uid)}`;
}

/**
 * Guard (admin, revocation checked), Origin check, then `invite` or `edit`
 * (Conform submissions: 400 with field errors, 409 for an e-mail in use), or
 * `toggle`, `promote`, `resend`, `delete` (redirect back with a toast, or 400
 * with a message), or `end-session` / `end-sessions` (back to the edit view;
 * when the admin's own current session ended, the cookie is cleared and the
 * browser goes to the login page).
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireRole(request, "admin", { checkRevoked: true });
  assertSameOrigin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const deps = userAdminDeps();
  const back = backTo(request);
  const fail = (data: ActionData, status = 400) => json(data, { status, headers: PRIVATE });

  const refused = (
    form: "invite" | "edit",
    reply: (options: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>,
    error: unknown,
  ) => {
    if (!(error instanceof UserAdminError)) throw error;
    return fail(
      {
        form,
        result: reply(error.fieldErrors ? { fieldErrors: error.fieldErrors } : { formErrors: [error.message] }),
        error: null,
      },
      error.status,
    );
  };
  if (intent === "invite") {
    const submission = parseWithZod(formData, { schema: userCreateSchema });
    if (submission.status !== "success")
      return fail({ form: "invite", result: boundedReply(submission, userCreateSchema), error: null });
    try {
      const { user, mailed } = await inviteUser(deps, submission.value, invitationMail(request));
      return redirectWithToast(
        back,
        mailed
          ? {
              type: "success",
              title: "Convite enviado",
              description: `${user.email} recebeu o link para criar a senha.`,
            }
          : {
              type: "warning",
              title: "Usuário criado, mas o e-mail não foi enviado",
              description: "Use “Reenviar convite” mais tarde.",
            },
        { headers: PRIVATE },
      );
    } catch (error) {
      return refused("invite", (options) => boundedReply(submission, userCreateSchema, options), error);
    }
  }
  if (intent === "edit") {
    const submission = parseWithZod(formData, { schema: userUpdateSchema });
    if (submission.status !== "success")
      return fail({ form: "edit", result: boundedReply(submission, userUpdateSchema), error: null });
    try {
      const user = await updateUser(deps, String(formData.get("uid") ?? ""), submission.value, admin);
      return redirectWithToast(
        back,
        { type: "success", title: "Usuário atualizado", description: user.displayName || user.email },
        { headers: PRIVATE },
      );
    } catch (error) {
      return refused("edit", (options) => boundedReply(submission, userUpdateSchema, options), error);
    }
  }

  const parsed = rowActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return fail({ form: null, result: null, error: "Pedido inválido. Recarregue a página." });
  try {
    const { uid } = parsed.data;
    switch (parsed.data.intent) {
      case "toggle": {
        const enabled = parsed.data.enabled === "true";
        const user = await setUserEnabled(deps, uid, enabled, admin);
        return redirectWithToast(
          back,
          { type: "success", title: enabled ? "Usuário ativado" : "Usuário desativado", description: user.email },
          { headers: PRIVATE },
        );
      }
      case "promote": {
        const user = await promoteUser(deps, uid, admin);
        return redirectWithToast(
          back,
          { type: "success", title: "Promovido a administrador", description: user.email },
          { headers: PRIVATE },
        );
      }
      case "resend": {
        const mailed = await resendInvitation(deps, uid, invitationMail(request));
        if (!mailed)
          return fail(
            {
              form: null,
              result: null,
              error: "Não foi possível enviar o e-mail agora. Tente de novo em alguns minutos.",
            },
            502,
          );
        return redirectWithToast(back, { type: "success", title: "Convite reenviado" }, { headers: PRIVATE });
      }
      case "delete": {
        await deleteUser(deps, uid, admin);
        return redirectWithToast(back, { type: "success", title: "Usuário excluído" }, { headers: PRIVATE });
      }
      case "end-session":
      case "end-sessions": {
        const current = (await getSession(request, { checkRevoked: true }))?.session?.id ?? null;
        const endedOwn =
          parsed.data.intent === "end-session"
            ? (await deleteSession(deps.db, parsed.data.sessionId, uid)) && parsed.data.sessionId === current
            : (await deleteUserSessions(deps.db, uid)) > 0 && uid === admin.uid && current !== null;
        if (endedOwn) {
          return redirectWithToast(
            LOGIN_PATH,
            {
              type: "info",
              title: "Sessão encerrada",
              description: "Você encerrou a sessão em uso e saiu da área do corretor.",
            },
            { headers: { ...PRIVATE, "Set-Cookie": await clearSessionCookie() } },
          );
        }
        const title = parsed.data.intent === "end-session" ? "Sessão encerrada" : "Sessões encerradas";
        return redirectWithToast(editView(request, uid), { type: "success", title }, { headers: PRIVATE });
      }
    }
  } catch (error) {
    if (!(error instanceof UserAdminError)) throw error;
    return fail({ form: null, result: null, error: error.message }, error.status);
  }
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className={s.error}>
      {errors[0]}
    </p>
  ) : null;
}

const roleOptions = ROLE_NAMES.map((name) => (
  <option key={name} value={name}>
    {ROLE_DEFINITIONS[name].label}
  </option>
));

function InviteForm({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | null; busy: boolean }) {
  const [form, fields] = useForm({
    id: "usuario-convite",
    lastResult,
    constraint: getZodConstraint(userCreateSchema),
    defaultValue: { role: "agent" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userCreateSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.form} aria-labelledby="convite-titulo" noValidate>
      <h2 id="convite-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
        Convidar usuário
      </h2>
      <p className={s.hint}>A pessoa recebe um e-mail com um link para criar a senha (vale por 7 dias).</p>
      <input type="hidden" name="intent" value="invite" />
      {form.errors?.length ? (
        <p id={form.errorId} className={s.alert} role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      <div className={s.field}>
        <label htmlFor={fields.email.id} className={s.label}>
          E-mail
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          className={s.control}
          autoComplete="off"
        />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <ProfileFields fields={fields} />
      <div className={s.row}>
        <button type="submit" className={button.dark} disabled={busy}>
          Enviar convite
        </button>
      </div>
    </Form>
  );
}

type ProfileFieldset = ReturnType<typeof useForm<z.input<typeof userUpdateSchema>>>[1];

function ProfileFields({ fields }: { fields: ProfileFieldset }) {
  return (
    <>
      <div className={s.field}>
        <label htmlFor={fields.displayName.id} className={s.label}>
          Nome
        </label>
        <input
          {...getInputProps(fields.displayName, { type: "text" })}
          key={fields.displayName.key}
          className={s.control}
          autoComplete="off"
        />
        <FieldError id={fields.displayName.errorId} errors={fields.displayName.errors} />
      </div>
      <div className={s.field}>
        <label htmlFor={fields.phone.id} className={s.label}>
          Telefone (opcional)
        </label>
        <input
          {...getInputProps(fields.phone, { type: "tel" })}
          key={fields.phone.key}
          className={s.control}
          placeholder="(11) 91234-5678"
          autoComplete="off"
        />
        <FieldError id={fields.phone.errorId} errors={fields.phone.errors} />
      </div>
      <div className={s.field}>
        <label htmlFor={fields.role.id} className={s.label}>
          Papel
        </label>
        <select {...getSelectProps(fields.role)} key={fields.role.key} className={s.control}>
          {roleOptions}
        </select>
        <FieldError id={fields.role.errorId} errors={fields.role.errors} />
      </div>
      <div className={s.field}>
        <label htmlFor={fields.brokerCode.id} className={s.label}>
          Código de corretor no Vista (opcional)
        </label>
        <input
          {...getInputProps(fields.brokerCode, { type: "text" })}
          key={fields.brokerCode.key}
          className={s.control}
          autoComplete="off"
        />
        <p className={s.hint}>Liga o usuário aos imóveis dele (“meus imóveis”) e aos contatos desses imóveis.</p>
        <FieldError id={fields.brokerCode.errorId} errors={fields.brokerCode.errors} />
      </div>
    </>
  );
}

type Editing = {
  uid: string;
  email: string;
  displayName: string;
  phone: string;
  role: string;
  brokerCode: string | null;
};

function EditForm({
  user,
  lastResult,
  busy,
  cancelTo,
}: {
  user: Editing;
  lastResult: SubmissionResult<string[]> | null;
  busy: boolean;
  cancelTo: string;
}) {
  const [form, fields] = useForm({
    id: `usuario-${user.uid}`,
    lastResult,
    constraint: getZodConstraint(userUpdateSchema),
    defaultValue: {
      displayName: user.displayName,
      phone: user.phone ? formatPhone(user.phone) : "",
      role: user.role,
      brokerCode: user.brokerCode ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userUpdateSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.form} aria-labelledby="edicao-titulo" noValidate>
      <h2 id="edicao-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
        Editar {user.email}
      </h2>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="uid" value={user.uid} />
      {form.errors?.length ? (
        <p id={form.errorId} className={s.alert} role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      <ProfileFields fields={fields} />
      <div className={s.row}>
        <button type="submit" className={button.dark} disabled={busy}>
          Salvar alterações
        </button>
        <Link to={cancelTo} className={button.ghost}>
          Cancelar
        </Link>
      </div>
    </Form>
  );
}

const SESSION_KIND_LABELS: Record<SessionView["kind"], string> = { browser: "Navegador", api: "API" };

/** The User-Agent cut to 80 characters ("…" when longer), or "desconhecido". */
function shortUserAgent(userAgent: string): string {
  if (!userAgent) return "desconhecido";
  return userAgent.length > 80 ? `${userAgent.slice(0, 79)}…` : userAgent;
}

function SessionList({
  uid,
  email,
  sessions,
  busy,
}: {
  uid: string;
  email: string;
  sessions: SessionView[];
  busy: boolean;
}) {
  return (
    <section aria-labelledby="sessoes-titulo" className={s.form}>
      <h2 id="sessoes-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
        Sessões ativas de {email}
      </h2>
      <p className={s.hint}>
        Cada entrada no site (navegador) ou token da API é uma sessão. Encerrar uma sessão desconecta esse aparelho ou
        programa na hora.
      </p>
      {sessions.length === 0 ? (
        <p className={s.muted}>Nenhuma sessão ativa.</p>
      ) : (
        <>
          <ul className={s.list}>
            {sessions.map((session) => (
              <li key={session.id} className={s.card} data-testid="sessao">
                <div className={s.leadHead}>
                  <strong>{SESSION_KIND_LABELS[session.kind]}</strong>
                  {session.current ? <span className={`${s.badge} ${s.badgeTone.sent}`}>Esta sessão</span> : null}
                </div>
                <dl className={s.facts}>
                  <dt className={s.term}>Criada em</dt>
                  <dd className={s.value}>{formatSaoPaulo(session.createdAt)}</dd>
                  <dt className={s.term}>Último uso</dt>
                  <dd className={s.value}>{formatSaoPaulo(session.lastSeenAt)}</dd>
                  <dt className={s.term}>IP</dt>
                  <dd className={s.value}>{session.ip || "desconhecido"}</dd>
                  <dt className={s.term}>Navegador</dt>
                  <dd className={s.value} title={session.userAgent || undefined}>
                    {shortUserAgent(session.userAgent)}
                  </dd>
                </dl>
                <Form method="post" className={s.inlineForm}>
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="uid" value={uid} />
                  <input type="hidden" name="sessionId" value={session.id} />
                  <button
                    type="submit"
                    className={`${button.outline} ${s.smallButton}`}
                    disabled={busy}
                    aria-label={`Encerrar a sessão criada em ${formatSaoPaulo(session.createdAt)}${session.current ? " (esta sessão)" : ""}`}
                  >
                    Encerrar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" className={s.inlineForm}>
            <input type="hidden" name="intent" value="end-sessions" />
            <input type="hidden" name="uid" value={uid} />
            <button type="submit" className={`${button.ghost} ${s.smallButton}`} disabled={busy}>
              Encerrar todas as sessões
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

function sortLink(query: { q: string; ordem: UserSort }, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.ordem !== "nome") params.set("ordem", query.ordem);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return search ? `${ADMIN_USERS_PATH}?${search}` : ADMIN_USERS_PATH;
}

/** The users page. */
export default function AdminUsersPage() {
  const { page, query, editing, sessions, self } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const here = sortLink(query, page.page);
  const editLink = (uid: string) => `${here}${here.includes("?") ? "&" : "?"}editar=${encodeURIComponent(uid)}`;

  return (
    <div className={s.page}>
      <AdminNav />
      <header>
        <h1 className={s.title}>Usuários</h1>
        <p className={s.muted}>
          Quem entra na área do corretor. Corretores veem o painel e os dados privados dos imóveis; administradores
          também gerenciam o site.
        </p>
      </header>

      {actionData?.error ? (
        <p className={s.alert} role="alert">
          {actionData.error}
        </p>
      ) : null}

      {editing ? (
        <>
          <EditForm
            key={editing.uid}
            user={editing}
            lastResult={actionData?.form === "edit" ? actionData.result : null}
            busy={busy}
            cancelTo={here}
          />
          <SessionList uid={editing.uid} email={editing.email} sessions={sessions} busy={busy} />
        </>
      ) : (
        // A new key after a successful invitation (the count changes) empties the form.
        <InviteForm
          key={`convite-${page.total}`}
          lastResult={actionData?.form === "invite" ? actionData.result : null}
          busy={busy}
        />
      )}

      <Form method="get" className={s.filters} aria-label="Busca">
        <div className={s.field}>
          <label htmlFor="busca-usuario" className={s.label}>
            Buscar
          </label>
          <input
            id="busca-usuario"
            name="q"
            type="search"
            defaultValue={query.q}
            className={s.control}
            placeholder="Nome ou e-mail"
          />
        </div>
        <div className={s.field}>
          <label htmlFor="ordem-usuario" className={s.label}>
            Ordenar por
          </label>
          <select id="ordem-usuario" name="ordem" defaultValue={query.ordem} className={s.control}>
            {USER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {USER_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={button.outline}>
          Aplicar
        </button>
      </Form>

      <section aria-labelledby="usuarios-titulo" className={s.page}>
        <h2 id="usuarios-titulo" className={s.label} style={{ fontSize: "1.1rem", margin: 0 }}>
          {page.total === 0 ? "Nenhum usuário encontrado" : page.total === 1 ? "1 usuário" : `${page.total} usuários`}
        </h2>
        <ul className={s.list}>
          {page.users.map((user) => (
            <li key={user.uid} className={s.card} data-testid="usuario">
              <div className={s.leadHead}>
                <strong style={{ overflowWrap: "anywhere" }}>{user.displayName || user.email}</strong>
                <span className={s.row}>
                  <span className={`${s.badge} ${s.badgeTone.neutral}`}>{ROLE_DEFINITIONS[user.role].label}</span>
                  {user.disabled ? <span className={`${s.badge} ${s.badgeTone.pending}`}>Desativado</span> : null}
                  {!user.lastSignInAt && !user.disabled ? (
                    <span className={`${s.badge} ${s.badgeTone.neutral}`}>Convite pendente</span>
                  ) : null}
                </span>
              </div>
              <p className={s.muted} style={{ overflowWrap: "anywhere" }}>
                {user.email}
                {user.phone ? ` · ${formatPhone(user.phone)}` : ""}
                {user.brokerCode ? ` · corretor ${user.brokerCode}` : ""}
              </p>
              <div className={s.row}>
                <Link
                  to={editLink(user.uid)}
                  className={`${button.outline} ${s.smallButton}`}
                  aria-label={`Editar ${user.email}`}
                >
                  Editar
                </Link>
                {user.uid !== self ? (
                  <>
                    <Form method="post" className={s.inlineForm}>
                      <input type="hidden" name="intent" value="toggle" />
                      <input type="hidden" name="uid" value={user.uid} />
                      <input type="hidden" name="enabled" value={user.disabled ? "true" : "false"} />
                      <button
                        type="submit"
                        className={`${button.outline} ${s.smallButton}`}
                        disabled={busy}
                        aria-label={`${user.disabled ? "Ativar" : "Desativar"} ${user.email}`}
                      >
                        {user.disabled ? "Ativar" : "Desativar"}
                      </button>
                    </Form>
                    {user.role !== "admin" ? (
                      <Form method="post" className={s.inlineForm}>
                        <input type="hidden" name="intent" value="promote" />
                        <input type="hidden" name="uid" value={user.uid} />
                        <button
                          type="submit"
                          className={`${button.outline} ${s.smallButton}`}
                          disabled={busy}
                          aria-label={`Promover ${user.email} a administrador`}
                        >
                          Promover a administrador
                        </button>
                      </Form>
                    ) : null}
                    {!user.disabled ? (
                      <Form method="post" className={s.inlineForm}>
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="uid" value={user.uid} />
                        <button
                          type="submit"
                          className={`${button.ghost} ${s.smallButton}`}
                          disabled={busy}
                          aria-label={`Reenviar convite para ${user.email}`}
                        >
                          Reenviar convite
                        </button>
                      </Form>
                    ) : null}
                    <Form
                      method="post"
                      className={s.inlineForm}
                      onSubmit={(event) => {
                        if (
                          !window.confirm(
                            `Excluir ${user.email}? A pessoa perde o acesso e os contatos dela ficam sem responsável.`,
                          )
                        )
                          event.preventDefault();
                      }}
                    >
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="uid" value={user.uid} />
                      <button
                        type="submit"
                        className={`${button.ghost} ${s.smallButton}`}
                        disabled={busy}
                        aria-label={`Excluir ${user.email}`}
                      >
                        Excluir
                      </button>
                    </Form>
                  </>
                ) : (
                  <span className={s.hint}>Esta é a sua conta.</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      {page.pageCount > 1 ? (
        <nav className={s.pager} aria-label="Páginas">
          {page.page > 1 ? (
            <Link to={sortLink(query, page.page - 1)} className={button.outline} rel="prev">
              Anterior
            </Link>
          ) : (
            <span />
          )}
          <span className={s.muted}>
            Página {page.page} de {page.pageCount}
          </span>
          {page.page < page.pageCount ? (
            <Link to={sortLink(query, page.page + 1)} className={button.outline} rel="next">
              Próxima
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
