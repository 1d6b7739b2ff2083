/**
 * The mutable state of one sandbox instance over the shared, immutable
 * catalogue: test mutations (touch, remove, hide, patch), recorded leads and
 * injected faults. The built catalogue itself is cached per process and never
 * modified, so several sandboxes in one process do not see each other's edits.
 */
import { LRUCache } from "lru-cache";
import { REFERENCE_DATE, addDays, privateOf, type Catalogue, type SandboxListing } from "./catalogue";
import { ACTIVE_STATUSES } from "../../app/.server/vista/contract";
import { brl } from "./text";

/** Result of a mutation: the codes it applied to and the ones not in the catalogue. */
export interface MutationResult {
  changed: string[];
  unknown: string[];
}

/**
 * Fault injection (docs/vista-api.md §8.11). `status` answers the next `count`
 * Vista API requests (default 1; -1 = until cleared) with that status and
 * `message` (default "Too many connections" for 5xx); `latencyMs` delays every
 * Vista API request until cleared; `paths` limits both to paths starting with
 * one of the given prefixes (e.g. ["/imoveis/detalhes"]).
 */
export interface SandboxFaults {
  status?: number;
  count?: number;
  latencyMs?: number;
  message?: string;
  paths?: string[];
}

/** A lead received on `POST /lead` (docs/vista-api.md §2.4). */
export interface SandboxLead {
  /** Client code replied (`Codigo`), a number. */
  Codigo: number;
  /** Broker picked (`Corretor`), a number. */
  Corretor: number;
  /** ISO timestamp of reception. */
  receivedAt: string;
  /** Route it came in on: "lead" or "lead/site". */
  route: string;
  /** True when the contact (e-mail or phone) was already known. */
  duplicate: boolean;
  /** True when Vista's spam filter would swallow it ("TESTE", teste@gmail.com, 9999-9999). */
  spam: boolean;
  /** The `lead` object as received inside `cadastro`. */
  lead: Record<string, unknown>;
}

/** Counts for tests and the CLI banner. */
export interface SandboxStats {
  /** Listings in the catalogue now (removals excluded). */
  total: number;
  /** With a sale price / with a rent price (> 0). */
  sale: number;
  rent: number;
  /** With a sale or rent price. */
  withPrice: number;
  /** `ExibirNoSite = "Sim"` and a price: what a website sync should end up with. */
  published: number;
  /** `ExibirNoSite = "Nao"`. */
  hidden: number;
  removed: number;
  buildings: number;
  featured: number;
  launches: number;
  leads: number;
}

/** Today as the sandbox stamps edits: the real UTC date, but never before the catalogue's reference date. */
export function editDate(now: Date = new Date()): string {
  const today = now.toISOString().slice(0, 10);
  const floor = addDays(REFERENCE_DATE, 1);
  return today > floor ? today : floor;
}

/** Mutable per-instance state. */
export class SandboxState {
  private overrides = new Map<string, SandboxListing>();
  private removed = new Set<string>();
  private currentList: SandboxListing[] | null = null;
  /** Bumped on every mutation; part of every query cache key. */
  version = 0;
  faults: SandboxFaults | null = null;
  leads: SandboxLead[] = [];
  private contacts = new Map<string, number>();
  private nextClient = 8826568;
  private roulette = 0;
  /** Cache of filtered + sorted listing arrays, keyed by the query (cleared on mutation). */
  readonly queries = new LRUCache<string, SandboxListing[]>({ max: 64 });

  constructor(readonly catalogue: Catalogue) {}

  /** The listing as it is now, or undefined when unknown or removed. */
  get(code: string): SandboxListing | undefined {
    if (this.removed.has(code)) return undefined;
    return this.overrides.get(code) ?? this.catalogue.byCode.get(code);
  }

  /** Every listing as it is now, catalogue order, removals excluded. */
  all(): SandboxListing[] {
    if (!this.currentList) {
      this.currentList = [];
      for (const base of this.catalogue.listings) {
        if (this.removed.has(base.code)) continue;
        this.currentList.push(this.overrides.get(base.code) ?? base);
      }
    }
    return this.currentList;
  }

  private changed(): void {
    this.version += 1;
    this.currentList = null;
    this.queries.clear();
  }

  private mutate(codes: readonly string[], apply: (listing: SandboxListing) => SandboxListing): MutationResult {
    const result: MutationResult = { changed: [], unknown: [] };
    for (const code of codes) {
      const listing = this.get(code);
      if (!listing) {
        result.unknown.push(code);
        continue;
      }
      this.overrides.set(code, apply(listing));
      result.changed.push(code);
    }
    if (result.changed.length > 0) this.changed();
    return result;
  }

  /**
   * Simulates a CRM edit: `DataAtualizacao` = today (see {@link editDate}),
   * price lowered by 2% (sale rounded to R$ 1.000, rent to R$ 10), a
   * "Valor alterado" prontuário entry. Repeated touches keep lowering the price.
   */
  touch(codes: readonly string[], now: Date = new Date()): MutationResult {
    const date = editDate(now);
    const time = now.toISOString().slice(11, 19);
    return this.mutate(codes, (listing) => {
      const priv = privateOf(listing);
      const salePrice = listing.salePrice > 0 ? Math.round((listing.salePrice * 0.98) / 1000) * 1000 : 0;
      const rentPrice = listing.rentPrice > 0 ? Math.round((listing.rentPrice * 0.98) / 10) * 10 : 0;
      const from = listing.salePrice > 0 ? listing.salePrice : listing.rentPrice;
      const to = listing.salePrice > 0 ? salePrice : rentPrice;
      const last = priv.history[priv.history.length - 1];
      return {
        ...listing,
        salePrice,
        rentPrice,
        updatedAt: date,
        updatedTime: time,
        texts: undefined,
        privateData: {
          ...priv,
          history: [
            ...priv.history,
            {
              id: String(Number(last?.id ?? 100000) + 1000000),
              date,
              time: time.slice(0, 5),
              subject: "Valor alterado",
              text: `Valor ajustado de ${brl(from)} para ${brl(to)}.`,
              brokerCode: listing.brokerCode,
              proposalValue: 0,
            },
          ],
        },
      };
    });
  }

  /** Simulates unpublishing: `ExibirNoSite = "Nao"` and `DataAtualizacao` = today. */
  hide(codes: readonly string[], now: Date = new Date()): MutationResult {
    const date = editDate(now);
    const time = now.toISOString().slice(11, 19);
    return this.mutate(codes, (listing) => ({ ...listing, showOnSite: false, updatedAt: date, updatedTime: time }));
  }

  /**
   * Overwrites typed fields of listings (tests: e.g. `{ status: "Vendido" }` to
   * exercise `showInternal`). `DataAtualizacao` becomes today unless `updatedAt` is given.
   */
  patch(
    codes: readonly string[],
    fields: Partial<Omit<SandboxListing, "code" | "index">>,
    now: Date = new Date(),
  ): MutationResult {
    const date = editDate(now);
    return this.mutate(codes, (listing) => ({ ...listing, updatedAt: date, texts: undefined, ...fields }));
  }

  /** Removes listings from the catalogue (`detalhes` then answers "not found"). */
  remove(codes: readonly string[]): MutationResult {
    const result: MutationResult = { changed: [], unknown: [] };
    for (const code of codes) {
      if (this.get(code)) {
        this.removed.add(code);
        result.changed.push(code);
      } else {
        result.unknown.push(code);
      }
    }
    if (result.changed.length > 0) this.changed();
    return result;
  }

  /** Back to the pristine catalogue: no mutations, leads, faults. */
  reset(): void {
    this.overrides.clear();
    this.removed.clear();
    this.faults = null;
    this.leads = [];
    this.contacts.clear();
    this.nextClient = 8826568;
    this.roulette = 0;
    this.changed();
  }

  /**
   * Records a lead and picks its broker: the listing's (`anuncio`) when known,
   * else the next broker of the round robin ("roleta"). A known e-mail or
   * phone keeps its client code (`duplicate`).
   */
  recordLead(lead: Record<string, unknown>, route: string, now: Date = new Date()): SandboxLead {
    const email = typeof lead.email === "string" ? lead.email.trim().toLowerCase() : "";
    const phone = typeof lead.fone === "string" ? lead.fone.replace(/\D/g, "") : "";
    const contactKeys = [email && `e:${email}`, phone && `f:${phone}`].filter(Boolean) as string[];
    let codigo = contactKeys.map((key) => this.contacts.get(key)).find((value) => value !== undefined);
    const duplicate = codigo !== undefined;
    if (codigo === undefined) {
      codigo = this.nextClient;
      this.nextClient += 1;
    }
    for (const key of contactKeys) this.contacts.set(key, codigo);

    const listing =
      typeof lead.anuncio === "string" || typeof lead.anuncio === "number" ? this.get(String(lead.anuncio)) : undefined;
    let broker = listing?.brokerCode;
    if (!broker) {
      const brokers = this.catalogue.brokers;
      broker = brokers[this.roulette % brokers.length]?.code ?? "0";
      this.roulette += 1;
    }
    const text = JSON.stringify(lead).toLowerCase();
    const spam = /\bteste\b/.test(text) || email === "teste@gmail.com" || /9999-?9999/.test(String(lead.fone ?? ""));
    const record: SandboxLead = {
      Codigo: codigo,
      Corretor: Number(broker),
      receivedAt: now.toISOString(),
      route,
      duplicate,
      spam,
      lead,
    };
    this.leads.push(record);
    return record;
  }

  /** Counts of the catalogue as it is now. */
  stats(): SandboxStats {
    const all = this.all();
    let sale = 0;
    let rent = 0;
    let withPrice = 0;
    let published = 0;
    let hidden = 0;
    let featured = 0;
    let launches = 0;
    for (const listing of all) {
      const priced = listing.salePrice > 0 || listing.rentPrice > 0;
      if (listing.salePrice > 0) sale += 1;
      if (listing.rentPrice > 0) rent += 1;
      if (priced) withPrice += 1;
      if (listing.showOnSite && priced && ACTIVE_STATUSES.has(listing.status)) published += 1;
      if (!listing.showOnSite) hidden += 1;
      if (listing.featured) featured += 1;
      if (listing.launch) launches += 1;
    }
    return {
      total: all.length,
      sale,
      rent,
      withPrice,
      published,
      hidden,
      removed: this.removed.size,
      buildings: this.catalogue.buildings.length,
      featured,
      launches,
      leads: this.leads.length,
    };
  }
}
