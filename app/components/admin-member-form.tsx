/**
 * The member form of the admin area (`/admin/membros/{id}` and `/novo`):
 * name, slug, title, CRECI, e-mail, phone, WhatsApp, bio, the Vista broker
 * and the login it is linked to (selects; ADR 0085), order and "active", validated by `memberFormSchema` in the browser (on
 * blur) and again on the server, whose messages (a taken slug, a broker code
 * or login another active member has) come back
 * beside the fields. Posts `intent=save`.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { type MemberBasics, memberFormSchema, NO_LINKED_USER } from "~/lib/members";
import { ADMIN_MEMBERS_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import * as s from "./admin.css";
import { FormAlert } from "./forms";
import { CheckboxField, Field, SelectField, type SelectFieldProps, TextareaField } from "./conform-fields";
import { useZodForm } from "./use-zod-form";

/** The values of an existing member the form starts from (`brokerCode` and `userUid` "" when none). */
type MemberFormDefaults = MemberBasics & { brokerCode: string; userUid: string };

/** The choices of the two link selects (`memberLinkOptions` on the server). */
export interface MemberLinkChoices {
  brokers: { code: string; name: string }[];
  users: { uid: string; name: string; email: string; role: string }[];
}

/**
 * The Vista broker select (name + code; ADR 0085): the read model's brokers,
 * plus the member's current code when the catalogue does not have it (yet).
 */
function BrokerSelect({
  field,
  brokers,
  current,
}: {
  field: SelectFieldProps["field"];
  brokers: MemberLinkChoices["brokers"];
  current: string;
}) {
  const missing = current && !brokers.some((broker) => broker.code === current);
  return (
    <SelectField
      label="Corretor no Vista"
      field={field}
      hint="Liga o membro aos imóveis dele no catálogo: o site mostra o membro (foto, nome, CRECI) nos anúncios desse corretor."
    >
      <option value="">Nenhum</option>
      {missing ? <option value={current}>Código {current} (ainda não está no catálogo)</option> : null}
      {brokers.map((broker) => (
        <option key={broker.code} value={broker.code}>
          {broker.name} · código {broker.code}
        </option>
      ))}
    </SelectField>
  );
}

/** The login select (ADR 0085): the site's enabled users by name, or none. */
function UserSelect({
  field,
  users,
  current,
}: {
  field: SelectFieldProps["field"];
  users: MemberLinkChoices["users"];
  current: string;
}) {
  const missing = current && !users.some((user) => user.uid === current);
  return (
    <SelectField
      label="Login do membro"
      field={field}
      hint="O código do corretor no Vista é copiado para este login (Meus imóveis e distribuição de leads)."
    >
      <option value={NO_LINKED_USER}>Nenhum</option>
      {missing ? <option value={current}>Login atual (desativado)</option> : null}
      {users.map((user) => (
        <option key={user.uid} value={user.uid}>
          {user.name === user.email ? user.email : `${user.name} · ${user.email}`}
          {user.role === "admin" ? " (administrador)" : ""}
        </option>
      ))}
    </SelectField>
  );
}

const off = { autoComplete: "off" };

/** The form; `member` null for a new member. `busy` disables the submit button while the page posts. */
export function AdminMemberForm({
  member,
  links,
  lastResult,
  busy,
}: {
  member: MemberFormDefaults | null;
  links: MemberLinkChoices;
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
}) {
  const [form, fields] = useZodForm(memberFormSchema, {
    id: member ? `membro-${member.id}` : "membro-novo",
    lastResult: lastResult ?? undefined,
    defaultValue: member
      ? {
          ...member,
          userUid: member.userUid || NO_LINKED_USER,
          sortOrder: String(member.sortOrder),
          active: member.active ? "on" : undefined,
        }
      : { sortOrder: "0", active: "on", userUid: NO_LINKED_USER },
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.form} aria-label="Dados do membro" noValidate>
      <input type="hidden" name="intent" value="save" />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <Field label="Nome" field={fields.name} inputProps={off} />
      <Field
        label="Endereço da página"
        field={fields.slug}
        hint="Deixe em branco para criar a partir do nome. Ex.: ana-souza → /membro/ana-souza"
        inputProps={off}
      />
      <Field label="Cargo" field={fields.title} hint="Ex.: Corretora, Gerente comercial" inputProps={off} />
      <Field label="CRECI" field={fields.creci} inputProps={off} />
      <Field label="E-mail" field={fields.email} type="email" inputProps={off} />
      <Field label="Telefone" field={fields.phone} type="tel" inputProps={off} />
      <Field label="WhatsApp" field={fields.whatsapp} type="tel" inputProps={off} />
      <TextareaField label="Apresentação" field={fields.bio} textareaProps={{ rows: 6 }} />
      <BrokerSelect field={fields.brokerCode} brokers={links.brokers} current={member?.brokerCode ?? ""} />
      <UserSelect field={fields.userUid} users={links.users} current={member?.userUid ?? ""} />
      <Field label="Ordem na página Sobre" field={fields.sortOrder} type="number" inputProps={{ min: 0, max: 9999 }} />
      {member?.deleted ? null : <CheckboxField label="Ativo (aparece no site)" field={fields.active} />}
      <div className={s.row}>
        <button type="submit" className={button.dark} disabled={busy}>
          {member ? "Salvar alterações" : "Criar membro"}
        </button>
        <Link to={ADMIN_MEMBERS_PATH} className={button.ghost}>
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
