/**
 * One user on `/admin/usuarios`: name, role and state badges, e-mail, phone
 * and Vista broker code, and the row buttons (editar, ativar/desativar,
 * promover a administrador, reenviar convite, excluir). An admin gets no
 * buttons on their own row but "Editar".
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { UserView } from "~/lib/users";
import * as s from "~/components/admin.css";
import * as u from "~/components/admin-users.css";
import { DoubleCheckButton } from "~/components/forms";
import { ROLE_DEFINITIONS } from "~/lib/auth";
import { formatPhone } from "~/lib/phone";
import { button } from "~/styles/ui.css";

/** Props of {@link UserActionButton}. */
export interface UserActionButtonProps {
  /** The action's `intent` field. */
  intent: string;
  uid: string;
  /** Further hidden fields. */
  fields?: Record<string, string>;
  /** `button.outline` or `button.ghost`. */
  className: string;
  busy: boolean;
  /** Accessible name, when the visible label alone does not say whom it concerns. */
  label?: string;
  /** Asks once more before posting ({@link DoubleCheckButton}). */
  doubleCheck?: boolean;
  children: ReactNode;
}

/** A small post form of one button, with the `intent`, `uid` and any further hidden fields. */
export function UserActionButton(props: UserActionButtonProps) {
  const Button = props.doubleCheck ? DoubleCheckButton : "button";
  return (
    <Form method="post" className={s.inlineForm}>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="uid" value={props.uid} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        className={`${props.className} ${s.smallButton}`}
        disabled={props.busy}
        aria-label={props.label}
      >
        {props.children}
      </Button>
    </Form>
  );
}

/** One card of the list; `self` is the signed-in admin's row; `editTo` the URL of its edit view. */
export function UserRow({
  user,
  self,
  editTo,
  busy,
}: {
  user: UserView;
  self: boolean;
  editTo: string;
  busy: boolean;
}) {
  return (
    <li className={s.card} data-testid="usuario">
      <div className={s.leadHead}>
        <strong className={u.breakAnywhere}>{user.displayName || user.email}</strong>
        <span className={s.row}>
          <span className={`${s.badge} ${s.badgeTone.neutral}`}>{ROLE_DEFINITIONS[user.role].label}</span>
          {user.disabled ? <span className={`${s.badge} ${s.badgeTone.pending}`}>Desativado</span> : null}
          {!user.lastSignInAt && !user.disabled ? (
            <span className={`${s.badge} ${s.badgeTone.neutral}`}>Convite pendente</span>
          ) : null}
        </span>
      </div>
      <p className={`${s.muted} ${u.breakAnywhere}`}>
        {user.email}
        {user.phone ? ` · ${formatPhone(user.phone)}` : ""}
        {user.brokerCode ? ` · corretor ${user.brokerCode}` : ""}
      </p>
      <div className={s.row}>
        <Link to={editTo} className={`${button.outline} ${s.smallButton}`} aria-label={`Editar ${user.email}`}>
          Editar
        </Link>
        {self ? <span className={s.hint}>Esta é a sua conta.</span> : <RowButtons user={user} busy={busy} />}
      </div>
    </li>
  );
}

function RowButtons({ user, busy }: { user: UserView; busy: boolean }) {
  const toggle = user.disabled ? "Ativar" : "Desativar";
  return (
    <>
      <UserActionButton
        intent="toggle"
        uid={user.uid}
        fields={{ enabled: user.disabled ? "true" : "false" }}
        className={button.outline}
        busy={busy}
        label={`${toggle} ${user.email}`}
      >
        {toggle}
      </UserActionButton>
      {user.role !== "admin" ? (
        <UserActionButton
          intent="promote"
          uid={user.uid}
          className={button.outline}
          busy={busy}
          label={`Promover ${user.email} a administrador`}
        >
          Promover a administrador
        </UserActionButton>
      ) : null}
      {!user.disabled ? (
        <UserActionButton
          intent="resend"
          uid={user.uid}
          className={button.ghost}
          busy={busy}
          label={`Reenviar convite para ${user.email}`}
        >
          Reenviar convite
        </UserActionButton>
      ) : null}
      <UserActionButton
        intent="delete"
        uid={user.uid}
        className={button.ghost}
        busy={busy}
        label={`Excluir ${user.email}`}
        doubleCheck
      >
        Excluir
      </UserActionButton>
    </>
  );
}
