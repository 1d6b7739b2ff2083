/**
 * Data and form intents of `/admin/redirecionamentos`, one handler each:
 * `save` (create or edit a rule; Conform submission), `toggle` (turn a rule on
 * or off) and `delete`. A success redirects back to the page with a toast; an
 * expected refusal ({@link AdminError} from `~/.server/redirects`: a taken
 * from-path, a cycle, a rule that no longer exists) answers 400 with the
 * message beside its field or above the form. The guard and the Origin check
 * stay in the route.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { isAdminError } from "~/.server/admin-error";
import { redirectWithToast } from "~/.server/flash";
import { boundedReply } from "~/.server/form-reply";
import { deleteRedirect, listRedirects, saveRedirect, setRedirectActive } from "~/.server/redirects";
import { privatePage } from "~/lib/cache-control";
import { ADMIN_REDIRECTS_PATH } from "~/lib/paths";
import { redirectFormSchema, type RedirectRow } from "~/lib/redirects";
import type { ToastInput } from "~/lib/toast";

/** Every rule (by from-path) and the one named by `?editar=<id>`, or null. */
export async function redirectsPageData(
  request: Request,
): Promise<{ rules: RedirectRow[]; editing: RedirectRow | null }> {
  const rules = (await listRedirects()).map(({ id, fromPath, target, statusCode, active }): RedirectRow => ({
    id,
    fromPath,
    target,
    statusCode,
    active,
  }));
  const editId = new URL(request.url).searchParams.get("editar");
  return { rules, editing: rules.find((rule) => rule.id === editId) ?? null };
}

const ruleActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), id: z.string().uuid(), active: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete"), id: z.string().uuid() }),
]);

function back(toast: ToastInput) {
  return redirectWithToast(ADMIN_REDIRECTS_PATH, toast, { headers: privatePage() });
}

/** A page-level refusal (`error` above the form). */
function refuse(error: string, status: number) {
  return data({ result: null, error }, { status, headers: privatePage() });
}

/** `save`: 400 with Conform's field errors (schema, or the store's refusal), else back with a toast. */
async function saveRule(formData: FormData) {
  const submission = parseWithZod(formData, { schema: redirectFormSchema });
  if (submission.status !== "success")
    return data(
      { result: boundedReply(submission, redirectFormSchema), error: null },
      { status: 400, headers: privatePage() },
    );
  try {
    const saved = await saveRedirect(submission.value);
    return back({
      type: "success",
      title: submission.value.id ? "Redirecionamento atualizado" : "Redirecionamento criado",
      description: `${saved.fromPath} → ${saved.target}`,
    });
  } catch (error) {
    if (!isAdminError(error)) throw error;
    return data(
      { result: boundedReply(submission, redirectFormSchema, { fieldErrors: error.fieldErrors }), error: null },
      { status: error.status, headers: privatePage() },
    );
  }
}

/** `toggle`: 400 with the message when turning the rule on would close a cycle or it is gone. */
async function toggleRule(id: string, active: boolean) {
  try {
    await setRedirectActive(id, active);
  } catch (error) {
    if (!isAdminError(error)) throw error;
    return refuse(error.message, error.status);
  }
  return back({ type: "success", title: active ? "Redirecionamento ativado" : "Redirecionamento desativado" });
}

/** `delete`: removes the rule (no error when it is already gone). */
async function deleteRule(id: string) {
  await deleteRedirect(id);
  return back({ type: "success", title: "Redirecionamento excluído" });
}

/** Runs the intent of a posted form of the page; an unknown intent or a bad id answers 400. */
export async function handleRedirectAction(formData: FormData) {
  if (formData.get("intent") === "save") return saveRule(formData);
  const parsed = ruleActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse("Pedido inválido. Recarregue a página.", 400);
  if (parsed.data.intent === "delete") return deleteRule(parsed.data.id);
  return toggleRule(parsed.data.id, parsed.data.active === "true");
}
