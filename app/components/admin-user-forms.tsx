/**
 * The invite and edit forms of `/admin/usuarios` (Conform with the zod
 * schemas of `~/lib/users`, validated in the browser on blur and again on the
 * server; the server's messages come back beside the fields). Both share the
 * profile fields: name, phone, role and Vista broker code.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import * as s from "~/components/admin.css";
import { AdminSubmitRow } from "./admin-submit";
import * as u from "~/components/admin-users.css";
import { FormAlert } from "~/components/forms";
import { Field, SelectField } from "~/components/conform-fields";
import { ROLE_DEFINITIONS, ROLE_NAMES } from "~/lib/auth";
import { formatPhone } from "~/lib/phone";
import { userCreateSchema, userUpdateSchema } from "~/lib/users";
import { button } from "~/styles/ui.css";
import { useZodForm } from "./use-zod-form";

type LastResult = SubmissionResult<string[]> | null;
type ProfileFieldset = ReturnType<typeof useZodForm<typeof userUpdateSchema>>[1];

const roleOptions = ROLE_NAMES.map((name) => (
  <option key={name} value={name}>
    {ROLE_DEFINITIONS[name].label}
  </option>
));

function ProfileFields({ fields }: { fields: ProfileFieldset }) {
  return (
    <>
      <Field field={fields.displayName} label="Nome" inputProps={{ autoComplete: "off" }} />
      <Field
        field={fields.phone}
        type="tel"
        label="Telefone"
        optional
        inputProps={{ placeholder: "(11) 91234-5678", autoComplete: "off" }}
      />
      <SelectField field={fields.role} label="Papel">
        {roleOptions}
      </SelectField>
      <Field
        field={fields.brokerCode}
        label="Código de corretor no Vista"
        optional
        hint="Liga o usuário aos imóveis dele (“meus imóveis”) e aos contatos desses imóveis."
        inputProps={{ autoComplete: "off" }}
      />
    </>
  );
}

/** "Convidar usuário": e-mail and profile; the person gets a link to create the password. */
export function InviteForm({ lastResult, busy }: { lastResult: LastResult; busy: boolean }) {
  const [form, fields] = useZodForm(userCreateSchema, {
    id: "usuario-convite",
    lastResult,
    defaultValue: { role: "agent" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.form} aria-labelledby="convite-titulo" noValidate>
      <h2 id="convite-titulo" className={u.sectionTitle}>
        Convidar usuário
      </h2>
      <p className={s.hint}>A pessoa recebe um e-mail com um link para criar a senha (vale por 7 dias).</p>
      <input type="hidden" name="intent" value="invite" />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <Field field={fields.email} type="email" label="E-mail" inputProps={{ autoComplete: "off" }} />
      <ProfileFields fields={fields} />
      <AdminSubmitRow busy={busy}>Enviar convite</AdminSubmitRow>
    </Form>
  );
}

/** The user being edited (as the loader sends it). */
export interface EditedUser {
  uid: string;
  email: string;
  displayName: string;
  /** E.164 or "". */
  phone: string;
  role: string;
  brokerCode: string | null;
}

/** "Editar {e-mail}": the profile of `user`; "Cancelar" goes to `cancelTo`. */
export function EditForm(props: { user: EditedUser; lastResult: LastResult; busy: boolean; cancelTo: string }) {
  const { user } = props;
  const [form, fields] = useZodForm(userUpdateSchema, {
    id: `usuario-${user.uid}`,
    lastResult: props.lastResult,
    defaultValue: {
      displayName: user.displayName,
      phone: user.phone ? formatPhone(user.phone) : "",
      role: user.role,
      brokerCode: user.brokerCode ?? "",
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.form} aria-labelledby="edicao-titulo" noValidate>
      <h2 id="edicao-titulo" className={u.sectionTitle}>
        Editar {user.email}
      </h2>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="uid" value={user.uid} />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <ProfileFields fields={fields} />
      <div className={s.row}>
        <button type="submit" className={button.dark} disabled={props.busy}>
          Salvar alterações
        </button>
        <Link to={props.cancelTo} className={button.ghost}>
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
