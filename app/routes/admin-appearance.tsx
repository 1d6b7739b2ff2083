/**
 * `/admin/aparencia` (docs/spec.txt §1 "Theme settings"): title,
 * description, the three brand colours (hex, validated, with WCAG contrast
 * warnings that do not block saving) and the two logos (an uploaded image —
 * checked by content, stored through the storage interface, ADR 0019 — or a
 * site path). Saved in the database (`site_settings`) and applied to the next
 * page view without a rebuild; "Restaurar padrão" forgets it (the
 * configuration applies again). Admin only; never cached.
 */
import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { requireAdminPost } from "~/.server/auth/admin-post";
import { AdminPageHeader } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { AdminSubmitRow } from "~/components/admin-submit";
import { ColorField, ColorPreview, LogoField } from "~/components/appearance-fields";
import { FormAlert } from "~/components/forms";
import { Field, TextareaField } from "~/components/conform-fields";
import { appearanceFormSchema, contrastWarnings, normalizeHexColor } from "~/lib/appearance";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { adminMeta } from "~/lib/meta";
import { button } from "~/styles/ui.css";
import { appearancePageData, handleAppearanceAction } from "./admin-appearance.server";
import { useSettingsForm } from "~/components/use-settings-form";

/** Guard (admin), then the theme in effect and whether it was saved here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  return data(appearancePageData(), { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Aparência");

/**
 * Guard (admin, revocation checked), Origin check, then `save` (400 with
 * field errors, or a redirect with a toast) or `reset`
 * (`./admin-appearance.server`).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdminPost(request);
  return handleAppearanceAction(request, user.uid);
}

const COLOR_FIELDS = [
  ["primary", "Cor primária", "Cabeçalho, rodapé e botões escuros."],
  ["secondary", "Cor secundária", "Botões de ação, destaques e ícones."],
  ["light", "Cor clara", "Fundos de seções."],
] as const;

/** The appearance form. */
export default function AdminAppearancePage() {
  const { saved, values } = useLoaderData<typeof loader>();
  const { form, fields, busy } = useSettingsForm(appearanceFormSchema, "aparencia", values);
  const current = {
    primary: normalizeHexColor(fields.primary.value ?? "") ?? values.primary,
    secondary: normalizeHexColor(fields.secondary.value ?? "") ?? values.secondary,
    light: normalizeHexColor(fields.light.value ?? "") ?? values.light,
  };
  const warnings = contrastWarnings(current);

  return (
    <div className={s.page}>
      <AdminPageHeader title="Aparência">
        {saved ? "Aparência personalizada nesta administração." : "O site usa a aparência padrão (configuração)."} As
        mudanças valem a partir da próxima página aberta, sem publicar de novo.
      </AdminPageHeader>

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className={s.form} noValidate>
        <input type="hidden" name="intent" value="save" />
        <FormAlert id={form.errorId} className={s.alert} message={form.errors?.[0]} />
        <Field label="Título do site" field={fields.title} inputProps={{ className: s.control }} />
        <TextareaField
          label="Descrição"
          field={fields.description}
          hint="Aparece nos buscadores e ao compartilhar o site."
          textareaProps={{ className: s.control, rows: 3 }}
        />

        {COLOR_FIELDS.map(([name, label, hint]) => (
          <ColorField
            key={name}
            field={fields[name]}
            label={label}
            hint={hint}
            color={current[name]}
            warnings={warnings.filter((warning) => warning.field === name).map((warning) => warning.message)}
            onPick={(value) => form.update({ name: fields[name].name, value })}
          />
        ))}

        <ColorPreview title={fields.title.value || values.title} colors={current} />

        <LogoField
          label="Logotipo quadrado"
          field={fields.logoSquare}
          placeholder="/logo-square.svg"
          fileName="logoSquareFile"
          fileLabel="Enviar logotipo quadrado"
          hint="Caminho de uma imagem do site. Vazio: o símbolo gerado a partir do nome da imobiliária."
        />
        <LogoField
          label="Logotipo horizontal"
          field={fields.logoHorizontal}
          placeholder="/logo-horizontal.svg"
          fileName="logoHorizontalFile"
          fileLabel="Enviar logotipo horizontal"
          hint="Vazio: o cabeçalho mostra o símbolo ao lado do título."
        />
        <AdminSubmitRow busy={busy}>Salvar aparência</AdminSubmitRow>
      </Form>

      {saved ? (
        <Form method="post" className={s.row}>
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" className={button.outline} disabled={busy}>
            Restaurar padrão
          </button>
          <span className={s.hint}>Volta ao título, às cores e aos logotipos da configuração.</span>
        </Form>
      ) : null}
    </div>
  );
}
