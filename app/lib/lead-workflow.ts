/**
 * A lead's workflow in the broker area (ADR 0081), shared by the pages and
 * the server: the reasons a lead is lost, the statuses each kind of lead may
 * take, the schemas of the lead page's forms (`/painel/leads/:id`), the
 * age of a lead as the inbox shows it ("há 12 min") and the one-tap replies
 * (WhatsApp, e-mail, phone) with a pre-filled pt-BR message naming the listing.
 */
import { z } from "zod";
import type { LeadEventType, LeadKind, LeadStatus } from "~/domain/lead";
import {
  type BrokerPanelLead,
  type InboxLead,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LGPD_REQUEST_STATUSES,
} from "./lead-inbox";
import { emptyToUndefined } from "./list-filters";
import { PANEL_PATH } from "./paths";
import { telHref, whatsAppNumber } from "./phone";
import { multiLineText } from "./text-fields";
import { whatsAppLink } from "./whatsapp";

/**
 * Why a sales lead ended "perdido" (ADR 0081): a short fixed list, so the
 * admin's figures can count them; "Outro" for anything else (a note says what).
 */
export const LOST_REASONS = [
  "Sem resposta do cliente",
  "Comprou/alugou com outra imobiliária",
  "Fora do orçamento",
  "Desistiu",
  "Contato inválido",
  "Outro",
] as const;

/** One of {@link LOST_REASONS}. */
export type LostReason = (typeof LOST_REASONS)[number];

/** Every status a lead of any kind may take: the sales pipeline and the LGPD request's "concluído". */
export const ALL_LEAD_STATUSES = [...LEAD_STATUSES, "concluido"] as const satisfies readonly LeadStatus[];

/** The statuses a lead of `kind` may take: an LGPD request's (ADR 0028), else the sales pipeline. */
export function statusesFor(kind: LeadKind): readonly LeadStatus[] {
  return kind === "lgpd" ? LGPD_REQUEST_STATUSES : LEAD_STATUSES;
}

/** Ways a broker answers a lead with one tap. */
export const REPLY_CHANNELS = ["whatsapp", "email", "phone"] as const;

/** One of {@link REPLY_CHANNELS}. */
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];

/** Button labels of the reply channels. */
export const REPLY_CHANNEL_LABELS: Record<ReplyChannel, string> = {
  whatsapp: "WhatsApp",
  email: "E-mail",
  phone: "Ligar",
};

/** Most characters of a note on a lead. */
export const NOTE_MAX = 2000;

/** Message of "perdido" without a reason, shown beside the reason select. */
export const LOST_REASON_REQUIRED = "Escolha o motivo da perda.";

/**
 * The forms of the lead page, one per `intent`: `status` (with `lostReason`,
 * required for "perdido" and ignored otherwise), `note` (1–{@link NOTE_MAX}
 * characters), `reply` (a channel of {@link REPLY_CHANNELS}) and `merge`
 * (`into`: the id of the lead this one is merged into). Whether a status fits
 * the lead's kind is checked by the server, which knows the kind.
 */
export const leadPageActionSchema = z
  .discriminatedUnion("intent", [
    z.object({
      intent: z.literal("status"),
      status: z.enum(ALL_LEAD_STATUSES, { message: "Escolha um status válido." }),
      lostReason: z.preprocess(
        emptyToUndefined,
        z.enum(LOST_REASONS, { message: "Escolha um motivo da lista." }).optional(),
      ),
    }),
    z.object({
      intent: z.literal("note"),
      note: multiLineText({ max: NOTE_MAX, required: "Escreva a anotação." }),
    }),
    z.object({
      intent: z.literal("reply"),
      channel: z.enum(REPLY_CHANNELS, { message: "Escolha WhatsApp, e-mail ou telefone." }),
    }),
    z.object({ intent: z.literal("merge"), into: z.string().uuid("Contato inválido.") }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent === "status" && value.status === "perdido" && !value.lostReason)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["lostReason"], message: LOST_REASON_REQUIRED });
  });

/** One parsed form of the lead page. */
export type LeadPageAction = z.infer<typeof leadPageActionSchema>;

/** The lead page of the broker area: `/painel/leads/{id}`. */
export function panelLeadPath(id: string): string {
  return `${PANEL_PATH}/leads/${encodeURIComponent(id)}`;
}

/** The broker's paged listings, `/painel/imoveis` (the "Meus imóveis" table left `/painel`). */
export const PANEL_LISTINGS_PATH = `${PANEL_PATH}/imoveis`;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago `iso` was, as the inbox shows it: "agora" (under a minute, or
 * a time a little ahead of `now`, clock skew), "há 12 min", "há 3 h", "há 1 dia",
 * "há 2 dias". Whole units, rounded down.
 */
export function relativeAge(iso: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE_MS) return "agora";
  if (elapsed < HOUR_MS) return `há ${Math.floor(elapsed / MINUTE_MS)} min`;
  if (elapsed < DAY_MS) return `há ${Math.floor(elapsed / HOUR_MS)} h`;
  const days = Math.floor(elapsed / DAY_MS);
  return `há ${days} ${days === 1 ? "dia" : "dias"}`;
}

/** What a reply message needs: the lead, the listing it is about, who answers, for which agency. */
export interface ReplyContext {
  lead: { kind: LeadKind; name: string | null; phone: string | null; email: string | null };
  /** The listing the lead is about (title and Vista code), or null. */
  listing: { title: string; code: string } | null;
  /** The broker's display name ("" when unknown). */
  brokerName: string;
  /** The agency's trade name. */
  agencyName: string;
}

/** The first word of a name ("Maria Souza" → "Maria"), or "". */
function firstName(name: string | null | undefined): string {
  return (name ?? "").trim().split(/\s+/)[0] ?? "";
}

/** "imóvel Apartamento em Moema (código AP123)". */
function listingWords(listing: { title: string; code: string }): string {
  return `imóvel ${listing.title} (código ${listing.code})`;
}

/**
 * The pre-filled pt-BR reply: "Olá, Maria! Aqui é Camila, da Horizonte. Vi
 * seu interesse no imóvel … (código …). Posso ajudar com mais informações ou
 * agendar uma visita?"; without a listing it names the kind of request.
 */
export function replyMessage(context: ReplyContext): string {
  const greeting = firstName(context.lead.name) ? `Olá, ${firstName(context.lead.name)}!` : "Olá!";
  const broker = firstName(context.brokerName);
  const me = broker ? `Aqui é ${broker}, da ${context.agencyName}.` : `Aqui é da ${context.agencyName}.`;
  const about = context.listing
    ? `Vi seu interesse no ${listingWords(context.listing)}. Posso ajudar com mais informações ou agendar uma visita?`
    : context.lead.kind === "sell"
      ? "Recebi seu pedido de avaliação do seu imóvel. Podemos conversar?"
      : "Recebi seu contato pelo nosso site. Como posso ajudar?";
  return `${greeting} ${me} ${about}`;
}

/** The e-mail subject of a reply: names the listing when there is one. */
export function replySubject(context: ReplyContext): string {
  return context.listing
    ? `Seu interesse no ${listingWords(context.listing)} · ${context.agencyName}`
    : `Seu contato com ${context.agencyName}`;
}

/**
 * The URL of a one-tap reply: `https://wa.me/55{digits}?text=…` (the
 * pre-filled message), `mailto:{email}?subject=…&body=…`, or `tel:+55…`.
 * Null when the lead lacks that contact (no plausible Brazilian phone for
 * WhatsApp, no e-mail, no phone).
 */
export function replyUrl(channel: ReplyChannel, context: ReplyContext): string | null {
  const { phone, email } = context.lead;
  if (channel === "whatsapp") {
    const number = whatsAppNumber(phone);
    return number ? whatsAppLink(number, replyMessage(context)) : null;
  }
  if (channel === "email") {
    if (!email) return null;
    const subject = encodeURIComponent(replySubject(context));
    const body = encodeURIComponent(replyMessage(context));
    return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${subject}&body=${body}`;
  }
  return phone ? telHref(phone) : null;
}

/** The channels a lead can be answered on (those {@link replyUrl} has a URL for). */
export function availableReplyChannels(lead: ReplyContext["lead"]): ReplyChannel[] {
  const context: ReplyContext = { lead, listing: null, brokerName: "", agencyName: "" };
  return REPLY_CHANNELS.filter((channel) => replyUrl(channel, context) !== null);
}

/** Message of a reply on a channel the lead has no contact for. */
export const NO_CONTACT_MESSAGES: Record<ReplyChannel, string> = {
  whatsapp: "Este contato não tem um celular brasileiro para o WhatsApp.",
  email: "Este contato não deixou e-mail.",
  phone: "Este contato não deixou telefone.",
};

/** Leads per page of "Meus leads" on `/painel`. */
export const BROKER_LEADS_PAGE_SIZE = 20;

/** The page of "Meus leads", `?pagina=` (1 when missing or bad: never an error). */
export function parsePanelPage(searchParams: URLSearchParams): number {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(searchParams.get("pagina") ?? 1);
}

/** The listing a lead is about, as the broker pages link it (the public page). */
export interface PanelLeadListing {
  code: string;
  title: string;
  /** Public page path, `/detalhes/{condominio}/{code}`. */
  path: string;
}

/** A lead of "Meus leads" (`/painel`): the panel's lead plus its listing (null when the read model lacks it). */
export interface PanelLead extends BrokerPanelLead {
  listing: PanelLeadListing | null;
}

/** One page of "Meus leads": unanswered ("novo") first, then newest first. */
export interface PanelLeadPage {
  items: PanelLead[];
  /** Leads of the broker (merged ones excluded), all pages. */
  total: number;
  page: number;
  pageCount: number;
}

/** One entry of a lead's history as the lead page shows it (`at` an ISO time). */
export interface LeadHistoryItem {
  id: string;
  at: string;
  type: LeadEventType;
  /** The person's name, "" for the system. */
  actorName: string;
  fromValue: string | null;
  toValue: string | null;
  note: string | null;
}

/** Another lead a lead page links to (the possible duplicate's original, or the lead it was merged into). */
export interface RelatedLead {
  id: string;
  name: string | null;
  /** ISO time. */
  createdAt: string;
}

/** Everything the lead page (`/painel/leads/:id`) shows of a lead. */
export interface LeadPageLead extends Omit<InboxLead, "deliveries"> {
  lostReason: string | null;
  /** ISO time of the first response, or null. */
  firstResponseAt: string | null;
  /** Who gave it (name at read time; the uid when the user is gone), or null. */
  firstResponseName: string | null;
  listing: PanelLeadListing | null;
  duplicateOf: RelatedLead | null;
  mergedInto: RelatedLead | null;
}

function statusLabel(status: string | null): string {
  return (status && LEAD_STATUS_LABELS[status as LeadStatus]) || (status ?? "—");
}

/** What a history entry says, in pt-BR ("Status: Novo → Em atendimento", "Respondeu por WhatsApp", a note's text…). */
export function historyText(entry: Pick<LeadHistoryItem, "type" | "fromValue" | "toValue" | "note">): string {
  switch (entry.type) {
    case "created":
      return entry.note || "Contato recebido pelo site.";
    case "status":
      return `Status: ${statusLabel(entry.fromValue)} → ${statusLabel(entry.toValue)}${entry.note ? ` (motivo: ${entry.note})` : ""}.`;
    case "reply":
      return `Respondeu por ${REPLY_CHANNEL_LABELS[entry.toValue as ReplyChannel] ?? entry.toValue ?? "—"}.`;
    case "note":
      return entry.note ?? "";
    case "assigned":
      return entry.note || (entry.toValue ? "Responsável definido." : "Responsável removido.");
    case "duplicate":
      return entry.note || "Marcado como possível duplicado.";
    case "merged":
      return entry.note || "Contatos juntados.";
    case "reminder":
      return entry.note || "Lembrete de contato sem resposta.";
    default:
      return entry.note ?? "";
  }
}

/** A refusal of a lead page form: its pt-BR message, shown beside `field` (or above its form without one). */
export interface LeadPageActionError {
  intent: LeadPageAction["intent"] | null;
  field: "status" | "lostReason" | "note" | "channel" | "into" | null;
  error: string;
}
