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
import type { ReactNode } from "react";
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

/** One option of a {@link LinkSelect}. */
interface LinkChoice {
  value: string;
  label: ReactNode;
}

/**
 * A select linking the member to something else (ADR 0085): "Nenhum", then
 * the member's current value when the choices do not have it (so that saving
 * does not drop it unseen), then the choices.
 */
function LinkSelect({
  label,
  hint,
  field,
  noneValue,
  current,
  missingLabel,
  choices,
}: {
  label: string;
  hint: string;
  field: SelectFieldProps["field"];
  /** Value of "Nenhum". */
  noneValue: string;
  /** The member's current value, "" when none. */
  current: string;
  /** Text of the current value's option when the choices lack it. */
  missingLabel: ReactNode;
  choices: LinkChoice[];
}) {
  const missing = current && !choices.some((choice) => choice.value === current);
  return (
    <SelectField label={label} field={field} hint={hint}>
      <option value={noneValue}>Nenhum</option>
      {missing ? <option value={current}>{missingLabel}</option> : null}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}

/** The Vista brokers of the read model, as name + code. */
function brokerChoices(brokers: MemberLinkChoices["brokers"]): LinkChoice[] {
  return brokers.map((broker) => ({
    value: broker.code,
    label: (
      <>
        {broker.name} · código {broker.code}
      </>
    ),
  }));
}

/** The site's enabled users by name and e-mail (or the e-mail alone when it is the name). */
function userChoices(users: MemberLinkChoices["users"]): LinkChoice[] {
  return users.map((user) => ({
    value: user.uid,
    label: (
      <>
        {user.name === user.email ? user.email : `${user.name} · ${user.email}`}
        {user.role === "admin" ? " (administrador)" : ""}
      </>
    ),
  }));
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
      <LinkSelect
        label="Corretor no Vista"
        field={fields.brokerCode}
        hint="Liga o membro aos imóveis dele no catálogo: o site mostra o membro (foto, nome, CRECI) nos anúncios desse corretor."
        noneValue=""
        current={member?.brokerCode ?? ""}
        missingLabel={<>Código {member?.brokerCode} (ainda não está no catálogo)</>}
        choices={brokerChoices(links.brokers)}
      />
      <LinkSelect
        label="Login do membro"
        field={fields.userUid}
        hint="O código do corretor no Vista é copiado para este login (Meus imóveis e distribuição de leads)."
        noneValue={NO_LINKED_USER}
        current={member?.userUid ?? ""}
        missingLabel="Login atual (desativado)"
        choices={userChoices(links.users)}
      />
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
