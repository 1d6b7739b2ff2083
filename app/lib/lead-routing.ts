/**
 * The words and the form of the lead routing settings (ADR 0080), shared by
 * the server (`~/.server/leads/routing`) and `/admin/distribuicao`: the
 * fallback rule for a lead that neither its listing nor Vista gives a broker,
 * and the posted form (the rule, and which brokers take part in the rotation).
 */
import { z } from "zod";

/** The fallback rules: "off" leaves the lead without a responsible broker; "round_robin" hands it to the next broker in the rotation. */
export const LEAD_FALLBACK_RULES = ["off", "round_robin"] as const;

/** A fallback rule of {@link LEAD_FALLBACK_RULES}. */
export type LeadFallbackRule = (typeof LEAD_FALLBACK_RULES)[number];

/** The routing settings as stored in `site_settings` under "lead_routing". */
export interface LeadRoutingSettings {
  fallback: LeadFallbackRule;
}

/**
 * The settings before an admin saves any: "off", so an upgrade or a fresh
 * install hands out no lead until an admin has chosen who takes part (ADR 0080).
 */
export const DEFAULT_LEAD_ROUTING: LeadRoutingSettings = { fallback: "off" };

/** pt-BR labels of the rules, for the settings page. */
export const LEAD_FALLBACK_LABELS: Record<LeadFallbackRule, string> = {
  off: "Desligada: ficam sem responsável",
  round_robin: "Rodízio entre os corretores que recebem leads",
};

/** pt-BR labels of how a lead got its broker (`LeadAssignmentSource`), for histories and pages. */
export const LEAD_ASSIGNMENT_LABELS = {
  listing: "Corretor do imóvel",
  vista: "Distribuição do Vista",
  round_robin: "Rodízio",
  admin: "Administrador",
} as const;

/** A user uid as the forms post it. */
const uid = z.string().trim().min(1).max(128);

/** A field that may be posted once (a string) or repeated (an array), or not at all. */
const uidList = z
  .union([uid, z.array(uid)])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
  .refine((list) => list.length <= 500, "Corretores demais no formulário.");

/**
 * The posted `/admin/distribuicao` form: `fallback`, `corretor` (every broker
 * listed on the page) and `recebe` (the ones whose "Recebe leads" box is
 * checked: an unchecked box posts nothing).
 */
export const leadRoutingFormSchema = z.object({
  fallback: z.enum(LEAD_FALLBACK_RULES, {
    errorMap: () => ({ message: "Escolha se os leads sem corretor ficam sem responsável ou entram no rodízio." }),
  }),
  corretor: uidList,
  recebe: uidList,
});

/** The validated form. */
export type LeadRoutingForm = z.output<typeof leadRoutingFormSchema>;

/**
 * Reads a posted form (`FormData`, repeated fields kept) against {@link leadRoutingFormSchema}.
 * @returns the value, or the pt-BR message of each invalid field.
 */
export function parseLeadRoutingForm(
  form: FormData,
): { ok: true; value: LeadRoutingForm } | { ok: false; errors: Record<string, string> } {
  const parsed = leadRoutingFormSchema.safeParse({
    fallback: form.get("fallback") ?? undefined,
    corretor: form.getAll("corretor"),
    recebe: form.getAll("recebe"),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  return { ok: false, errors };
}
