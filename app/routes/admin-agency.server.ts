/**
 * Data and the save action of `/admin/imobiliaria`: the agency profile in
 * effect as the form's values, and `save` (`~/.server/settings-form`: a
 * refusal answers 400 with the messages beside the fields; a success saves,
 * empties the page cache and redirects back with a toast). The guard and the
 * Origin check stay in the route.
 */
import { agencyProfileSaved, getAgencyProfile, saveAgencyProfile } from "~/.server/agency";
import { saveSettingsForm } from "~/.server/settings-form";
import { agencyFormDefaults, agencyFormSchema } from "~/lib/agency-form";
import { ADMIN_AGENCY_PATH } from "~/lib/paths";

/** The form's values (strings; opening hours as lines) and whether a profile was saved here. */
export async function agencyPageData() {
  const profile = await getAgencyProfile();
  return { saved: await agencyProfileSaved(), values: agencyFormDefaults(profile) };
}

/**
 * Validates and saves the posted profile.
 * @param uid the admin who saves (stored as `updated_by`).
 * @returns 400 with field errors, or a redirect with a toast.
 */
export function handleAgencyAction(request: Request, uid: string) {
  return saveSettingsForm(request, {
    schema: agencyFormSchema,
    save: (value) => saveAgencyProfile(value, uid),
    path: ADMIN_AGENCY_PATH,
    toast: {
      title: "Dados da imobiliária salvos",
      description: "O rodapé, a página Sobre e a política de privacidade já mostram os novos dados.",
    },
  });
}
