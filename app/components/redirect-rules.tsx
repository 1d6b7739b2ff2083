/**
 * The pieces of `/admin/redirecionamentos`: the form that adds or edits a
 * route rule (one zod schema, `~/lib/redirects`, checked in the browser and
 * again on the server; pt-BR messages beside each field) and one rule of the
 * list with its "Editar", "Ativar"/"Desativar" and "Excluir" buttons.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { DoubleCheckButton, FormAlert } from "./forms";
import { CheckboxField, Field, SelectField } from "./conform-fields";
import { ADMIN_REDIRECTS_PATH } from "~/lib/paths";
import { redirectFormSchema, type RedirectRow } from "~/lib/redirects";
import { button, visuallyHidden } from "~/styles/ui.css";
import * as s from "./admin.css";
import { useZodForm } from "./use-zod-form";

/** Props of {@link RedirectRuleForm}. */
export interface RedirectRuleFormProps {
  /** The rule being edited, or null for a new one. */
  editing: RedirectRow | null;
  /** The server's answer to the last `save` (field errors), if any. */
  lastResult?: SubmissionResult<string[]> | null;
  /** A form is being sent: the button is disabled. */
  busy: boolean;
}

/** The form "Novo redirecionamento" / "Editar /caminho" (intent `save`). */
export function RedirectRuleForm({ editing, lastResult, busy }: RedirectRuleFormProps) {
  const [form, fields] = useZodForm(redirectFormSchema, {
    id: editing ? `redirecionamento-${editing.id}` : "redirecionamento-novo",
    lastResult: lastResult ?? undefined,
    defaultValue: editing
      ? {
          id: editing.id,
          fromPath: editing.fromPath,
          target: editing.target,
          statusCode: String(editing.statusCode),
          active: editing.active ? "on" : undefined,
        }
      : { statusCode: "301", active: "on" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.form} aria-labelledby="redirecionamento-titulo" noValidate>
      <h2 id="redirecionamento-titulo" className={s.heading}>
        {editing ? `Editar ${editing.fromPath}` : "Novo redirecionamento"}
      </h2>
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <FormAlert id={form.errorId} className={s.alert} message={form.errors?.[0]} />
      <Field
        label="Caminho de origem"
        field={fields.fromPath}
        inputProps={{ className: s.control, placeholder: "/promocao", autoComplete: "off" }}
      />
      <Field
        label="Destino"
        field={fields.target}
        hint="Um caminho do site (começando com /) ou um endereço completo começando com https://."
        inputProps={{
          className: s.control,
          placeholder: "/todos-os-imoveis ou https://exemplo.com.br/pagina",
          autoComplete: "off",
          inputMode: "url",
        }}
      />
      <SelectField label="Tipo" field={fields.statusCode} selectProps={{ className: s.control }}>
        <option value="301">301 – permanente</option>
        <option value="302">302 – temporário</option>
      </SelectField>
      <CheckboxField label="Ativo" field={fields.active} />
      <div className={s.row}>
        <button type="submit" className={button.dark} disabled={busy}>
          {editing ? "Salvar alterações" : "Adicionar redirecionamento"}
        </button>
        {editing ? (
          <Link to={ADMIN_REDIRECTS_PATH} className={button.ghost}>
            Cancelar
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** One rule of the list (`data-testid="redirecionamento"`); "Excluir" asks once more. */
export function RedirectRuleItem({ rule, busy }: { rule: RedirectRow; busy: boolean }) {
  return (
    <li className={s.card} data-testid="redirecionamento">
      <div className={s.leadHead}>
        <strong className={s.ruleName}>
          {rule.fromPath} → {rule.target}
        </strong>
        <span className={s.row}>
          <span className={`${s.badge} ${s.badgeTone.neutral}`}>
            {rule.statusCode === 301 ? "301 permanente" : "302 temporário"}
          </span>
          <span className={`${s.badge} ${rule.active ? s.badgeTone.sent : s.badgeTone.pending}`}>
            {rule.active ? "Ativo" : "Inativo"}
          </span>
        </span>
      </div>
      <div className={s.row}>
        <Link
          to={`${ADMIN_REDIRECTS_PATH}?editar=${rule.id}`}
          className={`${button.outline} ${s.smallButton}`}
          aria-label={`Editar ${rule.fromPath}`}
        >
          Editar
        </Link>
        <Form method="post" className={s.inlineForm}>
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={rule.id} />
          <input type="hidden" name="active" value={rule.active ? "false" : "true"} />
          <button type="submit" className={`${button.outline} ${s.smallButton}`} disabled={busy}>
            {rule.active ? "Desativar" : "Ativar"}
          </button>
        </Form>
        <Form method="post" className={s.inlineForm}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={rule.id} />
          <DoubleCheckButton className={`${button.ghost} ${s.smallButton}`} disabled={busy}>
            Excluir<span className={visuallyHidden}> {rule.fromPath}</span>
          </DoubleCheckButton>
        </Form>
      </div>
    </li>
  );
}
