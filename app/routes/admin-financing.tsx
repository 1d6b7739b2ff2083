/**
 * `/admin/financiamento`: the financing simulator's defaults shown on every
 * sale listing — the yearly effective rate, the term in months and optional
 * named bank rates, one per line ("Caixa: 10,99"). Saved in `site_settings`
 * and used from the next page view (docs/decisions/0035-financing-simulator.md).
 * Admin only; never cached.
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
import { Field, TextareaField } from "~/components/conform-fields";
import { useSettingsForm } from "~/components/use-settings-form";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { MAX_TERM_MONTHS, MIN_TERM_MONTHS } from "~/lib/financing";
import { MAX_BANK_RATES } from "~/lib/financing-form";
import { financingSettingsSchema } from "~/lib/financing-settings";
import { adminMeta } from "~/lib/meta";
import { financingPageData, handleFinancingAction } from "./admin-financing.server";

/** Guard (admin), then the settings in effect and whether they were saved here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  return data(await financingPageData(), { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Financiamento");

/** Guard (admin, revocation checked), Origin check, then save (`./admin-financing.server`). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdminPost(request);
  return handleFinancingAction(request, user.uid);
}

/** The financing form. */
export default function AdminFinancingPage() {
  const { saved, values } = useLoaderData<typeof loader>();
  const { form, fields, busy } = useSettingsForm(financingSettingsSchema, "financiamento", values);
  const control = { className: s.control };

  return (
    <div className={s.page}>
      <AdminPageHeader title="Simulador de financiamento">
        {saved ? "Valores salvos nesta administração." : "O site usa os valores padrão."} O simulador aparece nos
        imóveis à venda; é uma estimativa sem seguros (MIP e DFI) nem tarifas.
      </AdminPageHeader>

      <Form method="post" {...getFormProps(form)} className={s.form} noValidate>
        <FormAlert id={form.errorId} className={s.alert} message={form.errors?.[0]} />
        <div className={s.row}>
          <Field
            label="Juros padrão (% ao ano)"
            field={fields.defaultRate}
            hint="Taxa efetiva anual, por exemplo 11,5."
            inputProps={{ ...control, inputMode: "decimal" }}
          />
          <Field
            label="Prazo padrão (meses)"
            field={fields.defaultTerm}
            type="number"
            hint="360 meses = 30 anos; no máximo 420 (35 anos)."
            inputProps={{ ...control, min: MIN_TERM_MONTHS, max: MAX_TERM_MONTHS, step: 1 }}
          />
        </div>
        <TextareaField
          label="Taxas de bancos"
          field={fields.banks}
          optional
          hint={`Uma por linha, nome e juros ao ano, por exemplo "Caixa: 10,99" (até ${MAX_BANK_RATES}). Aparecem como atalhos no simulador.`}
          textareaProps={{ ...control, rows: 4 }}
        />
        <AdminSubmitRow busy={busy}>Salvar financiamento</AdminSubmitRow>
      </Form>
    </div>
  );
}
