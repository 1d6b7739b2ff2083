/**
 * The member form of the admin area (`/admin/membros/{id}` and `/novo`):
 * name, slug, title, CRECI, e-mail, phone, WhatsApp, bio, Vista broker code,
 * order and "active", validated by `memberFormSchema` in the browser (on
 * blur) and again on the server, whose messages (a taken slug) come back
 * beside the fields. Posts `intent=save`.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { type MemberBasics, memberFormSchema } from "~/lib/members";
import { ADMIN_MEMBERS_PATH } from "~/lib/paths";
import { button } from "~/styles/ui.css";
import * as s from "./admin.css";
import { FormAlert } from "./forms";
import { CheckboxField, Field, TextareaField } from "./conform-fields";
import { useZodForm } from "./use-zod-form";

/** The values of an existing member the form starts from (`brokerCode` "" when none). */
type MemberFormDefaults = MemberBasics & { brokerCode: string };

const off = { autoComplete: "off" };

/** The form; `member` null for a new member. `busy` disables the submit button while the page posts. */
export function AdminMemberForm({
  member,
  lastResult,
  busy,
}: {
  member: MemberFormDefaults | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
}) {
  const [form, fields] = useZodForm(memberFormSchema, {
    id: member ? `membro-${member.id}` : "membro-novo",
    lastResult: lastResult ?? undefined,
    defaultValue: member
      ? { ...member, sortOrder: String(member.sortOrder), active: member.active ? "on" : undefined }
      : { sortOrder: "0", active: "on" },
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
      <Field
        label="Código do corretor no Vista"
        field={fields.brokerCode}
        hint="Liga o membro aos imóveis dele no catálogo."
        inputProps={off}
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
