/**
 * Data and the save action of `/admin/financiamento`: the simulator's
 * settings in effect as the form's values, and the save (a refusal answers
 * 400 with Conform's pt-BR messages beside the fields and the typed values
 * kept; a success saves, empties the page cache and redirects back with a
 * toast). The guard and the Origin check stay in the route.
 */
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { financingSettingsSaved, getFinancingSettings, saveFinancingSettings } from "~/.server/financing";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import { privatePage } from "~/lib/cache-control";
import { financingFormDefaults, financingSettingsSchema, toFinancingSettings } from "~/lib/financing-settings";
import { ADMIN_FINANCING_PATH } from "~/lib/paths";

/** The form's values (strings; banks as lines) and whether settings were saved here. */
export async function financingPageData() {
  const settings = await getFinancingSettings();
  return { saved: await financingSettingsSaved(), values: financingFormDefaults(settings) };
}

/**
 * Validates and saves the posted settings.
 * @param uid the admin who saves (stored as `updated_by`).
 * @returns 400 with field errors, or a redirect with a toast.
 */
export async function handleFinancingAction(request: Request, uid: string) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: financingSettingsSchema });
  if (submission.status !== "success")
    return json({ result: boundedReply(submission, financingSettingsSchema) }, { status: 400, headers: privatePage() });
  await saveFinancingSettings(toFinancingSettings(submission.value), uid);
  return redirectWithToast(
    ADMIN_FINANCING_PATH,
    {
      type: "success",
      title: "Financiamento salvo",
      description: "O simulador dos imóveis à venda já usa os novos juros e prazo.",
    },
    { headers: privatePage() },
  );
}
