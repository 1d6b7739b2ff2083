/**
 * Data and the save action of `/admin/imobiliaria`: the agency profile in
 * effect as the form's values, and `save` (a refusal answers 400 with
 * Conform's pt-BR messages beside the fields and the typed values kept; a
 * success saves, empties the page cache and redirects back with a toast).
 * The guard and the Origin check stay in the route.
 */
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { agencyProfileSaved, getAgencyProfile, saveAgencyProfile } from "~/.server/agency";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import { agencyFormDefaults, agencyFormSchema } from "~/lib/agency-form";
import { privatePage } from "~/lib/cache-control";
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
export async function handleAgencyAction(request: Request, uid: string) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: agencyFormSchema });
  if (submission.status !== "success")
    return json({ result: boundedReply(submission, agencyFormSchema) }, { status: 400, headers: privatePage() });
  await saveAgencyProfile(submission.value, uid);
  return redirectWithToast(
    ADMIN_AGENCY_PATH,
    {
      type: "success",
      title: "Dados da imobiliária salvos",
      description: "O rodapé, a página Sobre e a política de privacidade já mostram os novos dados.",
    },
    { headers: privatePage() },
  );
}
