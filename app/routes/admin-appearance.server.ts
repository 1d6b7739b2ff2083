/**
 * Data and form intents of `/admin/aparencia`, one handler each: `save`
 * (the form, multipart when a logo file is sent; uploaded logos replace the
 * typed paths) and `reset` (forget the saved appearance). A success redirects
 * back with a toast — a warning when a colour has low contrast (saving is
 * still allowed); a refusal answers 400 with Conform's messages beside the
 * fields. The guard and the Origin check stay in the route.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { isAdminError } from "~/.server/admin-error";
import { getStoredAppearance, resetAppearance, saveAppearance, storeLogo } from "~/.server/appearance";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import { readMultipart } from "~/.server/members/uploads";
import { DEFAULT_LOGO_SQUARE, getTheme } from "~/.server/theme";
import { appearanceFormSchema, contrastWarnings } from "~/lib/appearance";
import { privatePage } from "~/lib/cache-control";
import { ADMIN_APPEARANCE_PATH } from "~/lib/paths";

/** The logo file inputs: the form field they fill, the input's name, the storage key part. */
const LOGO_UPLOADS = [
  ["logoSquare", "logoSquareFile", "quadrado"],
  ["logoHorizontal", "logoHorizontalFile", "horizontal"],
] as const;

/**
 * The values of the form: the theme in effect (an empty square logo stands
 * for the generated default), and whether it was saved in the admin area.
 */
export function appearancePageData() {
  const theme = getTheme();
  return {
    saved: getStoredAppearance() !== null,
    values: {
      title: theme.title,
      description: theme.description,
      primary: theme.colors.primary,
      secondary: theme.colors.secondary,
      light: theme.colors.light,
      logoSquare: theme.logos.square === DEFAULT_LOGO_SQUARE ? "" : theme.logos.square,
      logoHorizontal: theme.logos.horizontal ?? "",
    },
  };
}

/** `reset`: the configuration's appearance applies again. */
async function reset() {
  await resetAppearance();
  return redirectWithToast(
    ADMIN_APPEARANCE_PATH,
    { type: "success", title: "Aparência padrão restaurada" },
    { headers: privatePage() },
  );
}

/**
 * `save`: 400 with field errors (schema, or a refused logo file beside its
 * field: nothing is saved), else saves and redirects with a toast.
 */
async function save(formData: FormData, uid: string) {
  const submission = parseWithZod(formData, { schema: appearanceFormSchema });
  if (submission.status !== "success")
    return data({ result: boundedReply(submission, appearanceFormSchema) }, { status: 400, headers: privatePage() });
  const value = { ...submission.value };
  for (const [field, input, which] of LOGO_UPLOADS) {
    const file = formData.get(input);
    if (!(file instanceof File) || (file.size === 0 && !file.name)) continue;
    try {
      value[field] = await storeLogo(file, which);
    } catch (error) {
      if (!isAdminError(error)) throw error;
      const fieldErrors = { [field]: [error.message] };
      return data(
        { result: boundedReply(submission, appearanceFormSchema, { fieldErrors }) },
        { status: error.status, headers: privatePage() },
      );
    }
  }
  await saveAppearance(value, uid);
  const warnings = contrastWarnings(value);
  return redirectWithToast(
    ADMIN_APPEARANCE_PATH,
    warnings.length
      ? { type: "warning", title: "Aparência salva, com alertas de contraste", description: warnings[0]!.message }
      : { type: "success", title: "Aparência salva", description: "As mudanças já aparecem no site." },
    { headers: privatePage() },
  );
}

/**
 * Reads the posted form (multipart or urlencoded; a refused multipart body
 * answers 400 with a form-level message) and runs its intent.
 * @param uid the admin who saves (stored as `updated_by`).
 */
export async function handleAppearanceAction(request: Request, uid: string) {
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const parsed = multipart ? await readMultipart(request) : { form: await request.formData() };
  if ("error" in parsed) {
    return data(
      { result: { status: "error" as const, error: { "": [parsed.error] } } },
      { status: 400, headers: privatePage() },
    );
  }
  if (parsed.form.get("intent") === "reset") return reset();
  return save(parsed.form, uid);
}
