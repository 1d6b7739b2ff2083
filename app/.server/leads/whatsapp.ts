/**
 * The WhatsApp hand-off behind `/obrigado-whatsapp` (docs/spec.txt §2 "thank-you after
 * a messaging-app contact"): records the contact as a lead
 * (listing code, page, UTM parameters) and works out where to continue:
 * `https://wa.me/<number>?text=<message with code and URL>`, the number being
 * the listing broker's mobile (else phone), else the agency's `WHATSAPP_NUMBER`.
 *
 * The visitor always continues to WhatsApp: a request that is not a
 * top-level navigation ({@link isTopLevelNavigation}: an `<img>` or a fetch
 * from another site), a bot (isbot), a rate-limited IP or a database failure
 * only means that no lead is recorded. The same contact again within
 * {@link WHATSAPP_DEDUP_WINDOW_MS} (a double tap, a reload) is the same lead.
 */
import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { firstWhatsAppNumber, whatsAppNumber } from "~/lib/phone";
import { listingWhatsAppMessage, whatsAppLink } from "~/lib/whatsapp";
import { LEAD_UTM_VALUE_MAX } from "~/lib/lead-fields";
import { parseLeadInput } from "~/lib/leads";
import { hasControlCharacters } from "~/lib/text-fields";
import { getListingPage, listingDisplayTitle } from "../catalogue/detail";
import { siteOrigin } from "../origin";
import { getConfig } from "../config";
import { type Db, getDb } from "../db";
import { findPublicMember } from "../members";
import { getTheme } from "../theme";
import { leadRateLimiters, type LeadRateLimiters } from "./form-guard";
import { recordLead } from "./store";

/** Repeated WhatsApp contacts from one IP about one page within this window (ms) are one lead. */
export const WHATSAPP_DEDUP_WINDOW_MS = 10 * 60_000;

/** Where `/obrigado-whatsapp` continues, and what it shows meanwhile. */
export interface WhatsAppHandOff {
  /** `https://wa.me/<digits>?text=<message>`. */
  whatsappUrl: string;
  /** The listing talked about, when the button was on (or named) one. */
  listing: { code: string; title: string; path: string } | null;
  /** The page the visitor came from (a site path). */
  page: string;
  /** Whether a lead was recorded (false for non-navigations, bots, rate-limited IPs, database failures). */
  recorded: boolean;
}

/** Options of {@link whatsAppHandOff}. */
export interface WhatsAppHandOffOptions {
  /** Client IP (`context.clientIp`). */
  clientIp?: string;
  db?: Db;
  limiters?: LeadRateLimiters;
  /** Agency number (default `WHATSAPP_NUMBER`). */
  agencyNumber?: string | null;
  /** Clock, ms (tests). */
  now?: number;
}

/**
 * A site path from `origem`: starts with one "/", no scheme or host, no
 * backslash, whitespace or control character, at most 500 characters; else "/".
 */
export function safeSitePath(value: string | null): string {
  if (!value || value.length > 500 || !value.startsWith("/") || value.startsWith("//") || /[\\\s]/.test(value))
    return "/";
  if (hasControlCharacters(value, "single-line")) return "/";
  return value;
}

/**
 * Whether `request` is the browser opening the page itself (a link, a typed
 * address, a redirect), the only case in which a WhatsApp contact is
 * recorded: an `<img>`, `<iframe>`, `<script>` or `fetch` pointing at
 * `/obrigado-whatsapp` from another site must not create leads.
 * With Fetch Metadata (every current browser sends it): `Sec-Fetch-Mode:
 * navigate` and `Sec-Fetch-Dest: document`. Without any `Sec-Fetch-*`
 * header (an old browser): only when the `Referer`'s origin is the request's
 * own origin or `siteOrigin` (the buttons are on this site).
 */
export function isTopLevelNavigation(request: Request, siteOriginUrl: string): boolean {
  const headers = request.headers;
  const mode = headers.get("Sec-Fetch-Mode");
  const dest = headers.get("Sec-Fetch-Dest");
  if (mode !== null || dest !== null || headers.has("Sec-Fetch-Site") || headers.has("Sec-Fetch-User")) {
    return mode === "navigate" && dest === "document";
  }
  const referer = headers.get("Referer");
  if (!referer) return false;
  let refererOrigin: string;
  try {
    refererOrigin = new URL(referer).origin;
  } catch {
    return false;
  }
  const allowed = new Set([new URL(request.url).origin]);
  try {
    allowed.add(new URL(siteOriginUrl).origin);
  } catch {
    // An unparsable site origin adds nothing.
  }
  return allowed.has(refererOrigin);
}

/** The listing code in a listing page path (`/detalhes/{condominio}/{id}`), or null. */
export function listingCodeFromPath(path: string): string | null {
  const match = /^\/detalhes\/[^/?#]+\/([^/?#]+)/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Resolves the hand-off of a `/obrigado-whatsapp?imovel=…&origem=…&utm_…=…`
 * request and records the lead (see the module comment).
 * @returns null when there is no number to continue to (no broker number and no `WHATSAPP_NUMBER`).
 */
export async function whatsAppHandOff(
  request: Request,
  options: WhatsAppHandOffOptions = {},
): Promise<WhatsAppHandOff | null> {
  const url = new URL(request.url);
  const page = safeSitePath(url.searchParams.get("origem"));
  const requestedCode = (url.searchParams.get("imovel") ?? "").trim();
  const code = /^[A-Za-z0-9_-]{1,30}$/.test(requestedCode) ? requestedCode : listingCodeFromPath(page);
  const found = code ? await getListingPage(code, options.db) : null;
  const listingPage = found && !found.removed ? found : null;
  const origin = siteOrigin(request);

  const broker = listingPage?.listing.broker;
  const agencyNumber =
    options.agencyNumber === undefined ? (getConfig().WHATSAPP_NUMBER ?? null) : options.agencyNumber;
  // `membro=<slug>` (a /membro page): that member's WhatsApp when no listing is named.
  const memberSlug = url.searchParams.get("membro") ?? "";
  const member =
    !listingPage && /^[a-z0-9-]{1,80}$/.test(memberSlug)
      ? await findPublicMember(options.db ?? getDb().db, memberSlug)
      : null;
  const memberNumber = member ? whatsAppNumber(member.whatsapp) : null;
  const number = (broker ? firstWhatsAppNumber(broker.mobile, broker.phone) : null) ?? memberNumber ?? agencyNumber;
  if (!number) return null;

  const listing = listingPage
    ? { code: listingPage.listing.code, title: listingDisplayTitle(listingPage.listing), path: listingPage.path }
    : null;
  const message = listing
    ? listingWhatsAppMessage(listing, `${origin}${listing.path}`)
    : `Olá${member && memberNumber ? `, ${member.name}` : ""}! Vim pelo site da ${getTheme().agencyName} (${origin}${page}) e gostaria de atendimento.`;

  const utm: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    const kept = value.trim().slice(0, LEAD_UTM_VALUE_MAX);
    // A value with a control character is dropped (the contact is still recorded).
    if (
      /^utm_[a-z_]{1,30}$/.test(name) &&
      kept &&
      !hasControlCharacters(kept, "single-line") &&
      Object.keys(utm).length < 10
    )
      utm[name] = kept;
  }
  const recorded = await record(request, origin, {
    ...options,
    lead: { kind: "whatsapp", code: listing?.code, page: `${origin}${page}`, utm },
    dedupParts: [listing?.code ?? "", page],
  });
  return { whatsappUrl: whatsAppLink(number, message), listing, page, recorded };
}

async function record(
  request: Request,
  origin: string,
  options: WhatsAppHandOffOptions & {
    lead: { kind: "whatsapp"; code?: string; page: string; utm: Record<string, string> };
    dedupParts: string[];
  },
): Promise<boolean> {
  if (!isTopLevelNavigation(request, origin)) return false;
  if (isbot(request.headers.get("User-Agent") ?? "")) return false;
  const parsed = parseLeadInput(options.lead);
  if (!parsed.success) return false;
  const ip = options.clientIp ?? "unknown";
  const window = Math.floor((options.now ?? Date.now()) / WHATSAPP_DEDUP_WINDOW_MS);
  const key = createHash("sha256")
    .update(JSON.stringify(["whatsapp", ip, ...options.dedupParts, window]))
    .digest("hex");
  try {
    if (await (options.limiters ?? leadRateLimiters()).consumeWhatsApp(ip)) return false;
    await recordLead(parsed.data, { idempotencyKey: key, db: options.db });
    return true;
  } catch (error) {
    console.error("[leads] não foi possível registrar o contato por WhatsApp", error);
    return false;
  }
}
