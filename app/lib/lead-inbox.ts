/**
 * The admin leads inbox (docs/product.md "Leads: inbox with
 * status, assignment, delivery status, export"): Portuguese labels, the
 * leads as the inbox and the broker's panel show them, and the schemas of
 * its filters and actions, shared by the pages and the server.
 */
import { z } from "zod";
import type { LeadChannel, LeadKind, LeadStatus } from "~/domain/lead";
import { dayRangeAndPageFilters, emptyToUndefined, filterQuery } from "./list-filters";
import { saoPauloFormat } from "./sao-paulo-time";
import { singleLineText } from "./text-fields";

/** A sales lead's statuses in pipeline order (ADR 0081); "perdido" needs a reason. */
export const LEAD_STATUSES = [
  "novo",
  "em_atendimento",
  "visita_agendada",
  "proposta",
  "fechado",
  "perdido",
] as const satisfies readonly LeadStatus[];

/** An LGPD request's statuses (the privacy inbox, ADR 0028). */
export const LGPD_REQUEST_STATUSES = ["novo", "em_atendimento", "concluido"] as const satisfies readonly LeadStatus[];

/** Status labels. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  novo: "Novo",
  em_atendimento: "Em atendimento",
  visita_agendada: "Visita agendada",
  proposta: "Proposta",
  fechado: "Fechado",
  perdido: "Perdido",
  concluido: "Concluído",
};

/** Kinds of contact request and their labels (docs/product.md "Contact requests"). */
export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  sell: "Quero vender",
  info: "Mais informações",
  whatsapp: "WhatsApp",
  alert: "Avise-me / alerta de busca",
  lgpd: "Pedido LGPD",
  visit: "Visita agendada",
  valuation: "Avaliação / captação",
};

/** Delivery channels and their labels (ADR 0014). */
export const CHANNEL_LABELS: Record<LeadChannel, string> = {
  email_agency: "E-mail da imobiliária",
  email_broker: "E-mail do corretor",
  email_holder: "Confirmação ao titular",
  vista: "Vista (CRM)",
  sla_broker: "Lembrete ao corretor",
  sla_admin: "Aviso aos administradores",
};

/** Delivery state of one channel, as the inbox shows it. */
export interface InboxDelivery {
  id: string;
  channel: LeadChannel;
  recipient: string | null;
  status: "pending" | "sent";
  attempts: number;
  /** ISO time of the next attempt (pending). */
  nextAttemptAt: string;
  lastError: string | null;
  /** ISO time it was sent, or null. */
  sentAt: string | null;
  /** A worker holds it right now (its lease has not expired). */
  inProgress: boolean;
}

/** One lead of the inbox. */
export interface InboxLead {
  id: string;
  kind: LeadKind;
  status: LeadStatus;
  name: string | null;
  phone: string | null;
  email: string | null;
  message: string | null;
  location: string | null;
  condominium: string | null;
  listingCode: string | null;
  pageUrl: string | null;
  utm: Record<string, string> | null;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
  assigned: { uid: string; name: string } | null;
  deliveries: InboxDelivery[];
}

/** A user a lead can be assigned to. */
export interface AssignableUser {
  uid: string;
  name: string;
  brokerCode: string | null;
}

/** A lead as the broker's panel shows it (no delivery details; `createdAt` an ISO time). */
export type BrokerPanelLead = Pick<
  InboxLead,
  "id" | "kind" | "status" | "name" | "phone" | "email" | "message" | "listingCode" | "createdAt"
>;

/** A date-time in São Paulo, "21/11/2026 14:05" (without Intl's comma: Excel pt-BR reads it as a date-time). */
export function formatSaoPaulo(iso: string): string {
  return saoPauloFormat("pt-BR", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso)).replace(",", "");
}

/** Leads per page of the inbox. */
export const INBOX_PAGE_SIZE = 20;
/** Most rows of one CSV export. */
export const CSV_MAX_ROWS = 10_000;

/** Filter value meaning "no broker assigned". */
export const UNASSIGNED = "nenhum";

/** Most characters of a user uid (Firebase uids have at most 128). */
const USER_UID_MAX = 128;

/**
 * Values of the inbox's `resposta` filter (ADR 0084): "pendente", leads still "novo" that nobody
 * has answered (LGPD requests and merged leads left out); "atrasada", those of them past the response
 * target (an SLA reminder row exists, ADR 0080).
 */
export const RESPONSE_FILTER_LABELS = {
  pendente: "Sem resposta",
  atrasada: "Sem resposta, fora do prazo",
} as const;

/**
 * The inbox filters, from the query string (`?tipo=&status=&resposta=&corretor=&de=&ate=&pagina=`):
 * an invalid value is dropped (the list still shows), never a 500.
 */
const inboxFilterSchema = z.object({
  tipo: z
    .preprocess(
      emptyToUndefined,
      z.enum(["sell", "info", "whatsapp", "alert", "lgpd", "visit", "valuation"]).optional(),
    )
    .catch(undefined),
  status: z.preprocess(emptyToUndefined, z.enum(LEAD_STATUSES).optional()).catch(undefined),
  resposta: z.preprocess(emptyToUndefined, z.enum(["pendente", "atrasada"]).optional()).catch(undefined),
  /** A user uid, or {@link UNASSIGNED}. */
  corretor: z.preprocess(emptyToUndefined, singleLineText({ max: USER_UID_MAX }).optional()).catch(undefined),
  ...dayRangeAndPageFilters("Use uma data válida."),
});

/** Parsed inbox filters. */
export type InboxFilters = z.infer<typeof inboxFilterSchema>;

/** Parses the filters of a URL's query string (never throws). */
export function parseInboxFilters(searchParams: URLSearchParams): InboxFilters {
  return inboxFilterSchema.parse(Object.fromEntries(searchParams));
}

/** The query string of `filters` without the page (for paging links and the CSV link). */
export function inboxFilterQuery(filters: Partial<InboxFilters>): URLSearchParams {
  return filterQuery(filters, ["tipo", "status", "resposta", "corretor", "de", "ate"]);
}

/** The actions of the inbox page (one form each, by `intent`). */
export const inboxActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    leadId: z.string().uuid("Contato inválido."),
    /** A sales lead's status or an LGPD request's (ADR 0081); whether it fits the lead's kind is the server's check. */
    status: z.enum([...LEAD_STATUSES, "concluido"] as const, { message: "Escolha um status válido." }),
  }),
  z.object({
    intent: z.literal("assign"),
    leadId: z.string().uuid("Contato inválido."),
    /** A user uid, or "" to remove the assignment. */
    uid: singleLineText({
      max: USER_UID_MAX,
      maxMessage: "Corretor inválido.",
      controlMessage: "Corretor inválido.",
    }).default(""),
  }),
  z.object({ intent: z.literal("resend"), deliveryId: z.string().uuid("Envio inválido.") }),
]);

/** One inbox action. */
export type InboxAction = z.infer<typeof inboxActionSchema>;
