/**
 * Data and the save action of `/admin/financiamento`: the simulator's
 * settings in effect as the form's values, and the save
 * (`~/.server/settings-form`: a refusal answers 400 with the messages beside
 * the fields; a success saves, empties the page cache and redirects back
 * with a toast). The guard and the Origin check stay in the route.
 */
import { financingSettingsSaved, getFinancingSettings, saveFinancingSettings } from "~/.server/financing";
import { saveSettingsForm } from "~/.server/settings-form";
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
export function handleFinancingAction(request: Request, uid: string) {
  return saveSettingsForm(request, {
    schema: financingSettingsSchema,
    save: (value) => saveFinancingSettings(toFinancingSettings(value), uid),
    path: ADMIN_FINANCING_PATH,
    toast: {
      title: "Financiamento salvo",
      description: "O simulador dos imóveis à venda já usa os novos juros e prazo.",
    },
  });
}
