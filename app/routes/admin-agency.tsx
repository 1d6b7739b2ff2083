/**
 * `/admin/imobiliaria`: the agency's data — razão social, nome fantasia,
 * CNPJ (check digits verified), CRECI, address, phone, WhatsApp, e-mail,
 * opening hours (one line per period), social profiles (https), the
 * encarregado (DPO, LGPD art. 41) and how many months leads are kept. Saved
 * in the database (`agency_profile`) and shown in the footer, on `/sobre`,
 * on `/lgpd` and in JSON-LD from the next page view. Admin only; never cached.
 */
import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { requireAdminPost } from "~/.server/auth/admin-post";
import { AdminPageHeader } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { AdminSubmitRow } from "~/components/admin-submit";
import { FormAlert } from "~/components/forms";
import { Field, SelectField, TextareaField } from "~/components/conform-fields";
import { useSettingsForm } from "~/components/use-settings-form";
import { BRAZILIAN_STATES, SOCIAL_NETWORKS, type SocialNetwork } from "~/lib/agency";
import { agencyFormSchema } from "~/lib/agency-form";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { LGPD_PATH } from "~/lib/paths";
import { adminMeta } from "~/lib/meta";
import * as styles from "./admin-agency.css";
import { agencyPageData, handleAgencyAction } from "./admin-agency.server";

/** Guard (admin), then the profile in effect and whether it was saved here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  return data(await agencyPageData(), { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Imobiliária");

/** Guard (admin, revocation checked), Origin check, then save (`./admin-agency.server`). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdminPost(request);
  return handleAgencyAction(request, user.uid);
}

/** The agency form. */
export default function AdminAgencyPage() {
  const { saved, values } = useLoaderData<typeof loader>();
  const { form, fields, busy } = useSettingsForm(agencyFormSchema, "imobiliaria", values);
  const control = { className: s.control };

  return (
    <div className={s.page}>
      <AdminPageHeader title="Dados da imobiliária">
        {saved ? "Dados salvos nesta administração." : "O site usa os dados da configuração."} Aparecem no rodapé, na
        página Sobre, na política de privacidade ({LGPD_PATH}) e nos dados estruturados para buscadores.
      </AdminPageHeader>

      <Form method="post" {...getFormProps(form)} className={s.form} noValidate>
        <FormAlert id={form.errorId} className={s.alert} message={form.errors?.[0]} />
        <h2 className={styles.group}>Empresa</h2>
        <Field
          label="Razão social"
          field={fields.legalName}
          inputProps={{ ...control, autoComplete: "organization" }}
        />
        <Field label="Nome fantasia" field={fields.tradeName} inputProps={control} />
        <Field
          label="CNPJ"
          field={fields.cnpj}
          optional
          hint="Com ou sem pontuação, por exemplo 12.345.678/0001-95."
          inputProps={{ ...control, inputMode: "numeric" }}
        />
        <Field
          label="CRECI (pessoa jurídica)"
          field={fields.creci}
          optional
          hint="Por exemplo CRECI 12345-J."
          inputProps={control}
        />

        <h2 className={styles.group}>Endereço</h2>
        <Field
          label="Logradouro"
          field={fields.street}
          optional
          inputProps={{ ...control, autoComplete: "address-line1" }}
        />
        <div className={s.row}>
          <Field label="Número" field={fields.number} optional inputProps={control} />
          <Field label="Complemento" field={fields.complement} optional inputProps={control} />
        </div>
        <Field label="Bairro" field={fields.neighbourhood} optional inputProps={control} />
        <div className={s.row}>
          <Field
            label="Cidade"
            field={fields.city}
            optional
            inputProps={{ ...control, autoComplete: "address-level2" }}
          />
          <SelectField label="UF" field={fields.state} optional selectProps={control}>
            <option value="">—</option>
            {BRAZILIAN_STATES.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </SelectField>
          <Field
            label="CEP"
            field={fields.postalCode}
            optional
            inputProps={{ ...control, inputMode: "numeric", autoComplete: "postal-code" }}
          />
        </div>

        <h2 className={styles.group}>Contato</h2>
        <div className={s.row}>
          <Field label="Telefone" field={fields.phone} optional type="tel" inputProps={control} />
          <Field
            label="WhatsApp"
            field={fields.whatsapp}
            optional
            type="tel"
            hint="Com DDD; o código do país 55 é acrescentado."
            inputProps={control}
          />
        </div>
        <Field label="E-mail" field={fields.email} optional type="email" inputProps={control} />
        <TextareaField
          label="Horário de atendimento"
          field={fields.openingHours}
          optional
          hint='Uma linha por período, por exemplo "Seg–Sex 9h–18h" e "Sáb 9h–13h".'
          textareaProps={{ ...control, rows: 3 }}
        />

        <h2 className={styles.group}>Redes sociais</h2>
        {(Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]).map((network) => (
          <Field
            key={network}
            label={SOCIAL_NETWORKS[network].label}
            field={fields[network]}
            optional
            type="url"
            inputProps={{ ...control, placeholder: `https://www.${SOCIAL_NETWORKS[network].hosts[0]}/…` }}
          />
        ))}

        <h2 className={styles.group}>Privacidade (LGPD)</h2>
        <Field
          label="Encarregado (DPO)"
          field={fields.dpoName}
          optional
          hint="Quem responde pelos dados pessoais (LGPD, art. 41); aparece na política de privacidade."
          inputProps={control}
        />
        <Field label="E-mail do encarregado" field={fields.dpoEmail} optional type="email" inputProps={control} />
        <Field
          label="Guardar contatos (leads) por quantos meses"
          field={fields.leadRetentionMonths}
          type="number"
          hint="Depois desse prazo os dados do contato são anonimizados."
          inputProps={{ ...control, min: 1, max: 120, step: 1 }}
        />

        <AdminSubmitRow busy={busy}>Salvar dados</AdminSubmitRow>
      </Form>
    </div>
  );
}
