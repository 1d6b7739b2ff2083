/**
 * The active sessions of a user on the edit view of `/admin/usuarios`
 * (docs/decisions/0020-server-side-sessions.md): kind, created, last used,
 * IP and browser, with "Encerrar" per session and "Encerrar todas as sessões".
 */
import * as s from "~/components/admin.css";
import * as u from "~/components/admin-users.css";
import { UserActionButton } from "~/components/admin-user-row";
import { formatSaoPaulo } from "~/lib/lead-inbox";
import { button } from "~/styles/ui.css";

/** A session as the edit view shows it (dates as ISO strings). */
export interface SessionView {
  id: string;
  /** `browser` (a sign-in on the site) or `api` (a token of `POST /api/auth/session`). */
  kind: "browser" | "api";
  createdAt: string;
  lastSeenAt: string;
  /** "" when unknown. */
  ip: string;
  /** "" when unknown. */
  userAgent: string;
  /** The session this page was requested with. */
  current: boolean;
}

const SESSION_KIND_LABELS: Record<SessionView["kind"], string> = { browser: "Navegador", api: "API" };

/** The User-Agent cut to 80 characters ("…" when longer), or "desconhecido". */
function shortUserAgent(userAgent: string): string {
  if (!userAgent) return "desconhecido";
  return userAgent.length > 80 ? `${userAgent.slice(0, 79)}…` : userAgent;
}

function SessionCard({ uid, session, busy }: { uid: string; session: SessionView; busy: boolean }) {
  const created = formatSaoPaulo(session.createdAt);
  return (
    <li className={s.card} data-testid="sessao">
      <div className={s.leadHead}>
        <strong>{SESSION_KIND_LABELS[session.kind]}</strong>
        {session.current ? <span className={`${s.badge} ${s.badgeTone.sent}`}>Esta sessão</span> : null}
      </div>
      <dl className={s.facts}>
        <dt className={s.term}>Criada em</dt>
        <dd className={s.value}>{created}</dd>
        <dt className={s.term}>Último uso</dt>
        <dd className={s.value}>{formatSaoPaulo(session.lastSeenAt)}</dd>
        <dt className={s.term}>IP</dt>
        <dd className={s.value}>{session.ip || "desconhecido"}</dd>
        <dt className={s.term}>Navegador</dt>
        <dd className={s.value} title={session.userAgent || undefined}>
          {shortUserAgent(session.userAgent)}
        </dd>
      </dl>
      <UserActionButton
        intent="end-session"
        uid={uid}
        fields={{ sessionId: session.id }}
        className={button.outline}
        busy={busy}
        label={`Encerrar a sessão criada em ${created}${session.current ? " (esta sessão)" : ""}`}
      >
        Encerrar
      </UserActionButton>
    </li>
  );
}

/** The sessions of `uid` (`email` in the heading); ending one's own current session signs one out. */
export function SessionList(props: { uid: string; email: string; sessions: SessionView[]; busy: boolean }) {
  return (
    <section aria-labelledby="sessoes-titulo" className={s.form}>
      <h2 id="sessoes-titulo" className={u.sectionTitle}>
        Sessões ativas de {props.email}
      </h2>
      <p className={s.hint}>
        Cada entrada no site (navegador) ou token da API é uma sessão. Encerrar uma sessão desconecta esse aparelho ou
        programa na hora.
      </p>
      {props.sessions.length === 0 ? (
        <p className={s.muted}>Nenhuma sessão ativa.</p>
      ) : (
        <>
          <ul className={s.list}>
            {props.sessions.map((session) => (
              <SessionCard key={session.id} uid={props.uid} session={session} busy={props.busy} />
            ))}
          </ul>
          <UserActionButton intent="end-sessions" uid={props.uid} className={button.ghost} busy={props.busy}>
            Encerrar todas as sessões
          </UserActionButton>
        </>
      )}
    </section>
  );
}
