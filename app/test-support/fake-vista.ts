/**
 * The one in-memory Vista of the tests that drive the sync (ADR 0076): the
 * filter subset the sync uses (equality, IN lists, `[">=", value]`),
 * `listAll` in pages of 50, one `detalhes` answer per code with a photo and a
 * condominium gallery (or no media), and call counters. `holdDetails` makes
 * `detalhes` calls wait until `release()` (or until their signal aborts), so a
 * test can act while a run is in the middle of its work (an event, not a
 * delay). Rows start from `minimalVistaListing` (`vista-data.ts`); the HTTP
 * client's own tests use msw instead (`tests/mocks/vista.ts`).
 */
import {
  CODE_ONLY_FIELDS,
  VistaFieldError,
  VistaNotFoundError,
  VistaServerError,
  VISTA_MAX_PAGE_SIZE,
  type PesquisaInput,
  type VistaClient,
  type VistaListingWire,
} from "~/.server/vista";
import { NOT_FOUND_MESSAGE, VISTA_YES } from "~/.server/vista/contract";
import { minimalVistaListing } from "./vista-data";

/** A gate that holds `detalhes` calls: `reached` resolves on the first held call; `release()` lets all through. */
export interface DetailsGate {
  /** Resolves when a `detalhes` call is waiting at the gate. */
  reached: Promise<void>;
  /** Lets every held and later call through. */
  release(): void;
}

/** Options of {@link FakeVista}. */
export interface FakeVistaOptions {
  /** Fields every `add` sets on top of `minimalVistaListing` (default: the condominium "Edifício Aurora" and broker 14). */
  defaults?: Partial<VistaListingWire>;
  /** `detalhes` sends a photo and a condominium gallery (default true), or empty media sub-tables. */
  media?: boolean;
}

/** The default fields of {@link FakeVista.add}: a unit of a condominium, with its broker. */
const UNIT_DEFAULTS: Partial<VistaListingWire> = {
  Empreendimento: "Edifício Aurora",
  Corretor: { "14": { Codigo: "14", Nome: "Rafael" } },
};

/** The in-memory Vista. */
export class FakeVista {
  rows = new Map<string, VistaListingWire>();
  calls = { listar: 0, detalhes: 0, listAllFilters: [] as Record<string, unknown>[] };
  /** Fields `detalhes` refuses (as the per-key permissions do). */
  refuseFields: string[] = [];
  /** `detalhes` answers HTTP 500. */
  failDetails = false;
  /** Latency of each detalhes call, ms (tests that need a run to last). */
  delayMs = 0;
  private gate: { open: Promise<void>; reached: () => void } | null = null;
  private readonly defaults: Partial<VistaListingWire>;
  private readonly media: boolean;

  constructor(options: FakeVistaOptions = {}) {
    this.defaults = options.defaults ?? UNIT_DEFAULTS;
    this.media = options.media ?? true;
  }

  /** Adds (or replaces) a listing shown on the site, priced, with the defaults and the given overrides. */
  add(code: string, overrides: Partial<VistaListingWire> = {}): void {
    this.rows.set(code, minimalVistaListing(code, { ...this.defaults, ...overrides }));
  }

  /** A CRM edit: new values and a newer update date (so a delta picks it up). */
  edit(code: string, changes: Partial<VistaListingWire>): void {
    this.rows.set(code, { ...this.rows.get(code)!, DataAtualizacao: "2026-08-20", ...changes });
  }

  /** Holds every `detalhes` call from now on until the returned gate is released. */
  holdDetails(): DetailsGate {
    let release!: () => void;
    let reached!: () => void;
    const open = new Promise<void>((resolve) => (release = resolve));
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    this.gate = { open, reached };
    return {
      reached: reachedPromise,
      release: () => {
        this.gate = null;
        release();
      },
    };
  }

  private matches(wire: VistaListingWire, filter: Record<string, unknown> = {}): boolean {
    for (const [field, condition] of Object.entries(filter)) {
      const value = String((wire as Record<string, unknown>)[field] ?? "");
      if (Array.isArray(condition) && condition[0] === ">=") {
        if (!(value >= String(condition[1]))) return false;
      } else if (Array.isArray(condition)) {
        if (!condition.map(String).includes(value)) return false;
      } else if (value !== String(condition)) return false;
    }
    return true;
  }

  /** `listAll`: the rows matching the filter, in pages of 50 (only `Codigo` for a code-only field list). */
  async *listAll(
    pesquisa: Omit<PesquisaInput, "paginacao">,
    opts: Parameters<VistaClient["listAll"]>[1] = {},
  ): AsyncGenerator<VistaListingWire[], void, undefined> {
    this.calls.listAllFilters.push({ ...(pesquisa.filter ?? {}) });
    const codeOnly = pesquisa.fields.length === 1 && pesquisa.fields[0] === CODE_ONLY_FIELDS[0];
    const found = [...this.rows.values()].filter((row) =>
      this.matches(row, pesquisa.filter as Record<string, unknown>),
    );
    const size = VISTA_MAX_PAGE_SIZE;
    const pages = Math.max(1, Math.ceil(found.length / size));
    for (let p = 0; p < pages; p++) {
      opts.signal?.throwIfAborted();
      this.calls.listar++;
      opts.onPage?.({ pagina: p + 1, paginas: pages, total: found.length });
      const items = found
        .slice(p * size, p * size + size)
        .map((row) => (codeOnly ? { Codigo: row.Codigo } : structuredClone(row)));
      if (items.length) yield items;
    }
  }

  /** `detalhes`: a photo and a condominium gallery; the gate, refusals and failures configured above. */
  async detalhes(
    code: string,
    fields: Parameters<VistaClient["detalhes"]>[1],
    opts: Parameters<VistaClient["detalhes"]>[2] = {},
  ): Promise<VistaListingWire> {
    this.calls.detalhes++;
    const gate = this.gate;
    if (gate) {
      gate.reached();
      // A held call ends when the run is aborted, as the real client's in-flight request does.
      await new Promise<void>((resolve, reject) => {
        void gate.open.then(resolve);
        opts.signal?.addEventListener("abort", () => reject(opts.signal!.reason), { once: true });
      });
    }
    opts.signal?.throwIfAborted();
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const refused = fields
      .flatMap((spec) => (typeof spec === "string" ? [spec] : Object.keys(spec)))
      .filter((f) => this.refuseFields.includes(f));
    if (refused.length) {
      throw new VistaFieldError(`Vista imoveis/detalhes: HTTP 400: ${refused.join(",")}`, {
        status: 400,
        endpoint: "imoveis/detalhes",
        fields: refused,
      });
    }
    if (this.failDetails)
      throw new VistaServerError("Vista imoveis/detalhes: HTTP 500: erro", {
        status: 500,
        endpoint: "imoveis/detalhes",
      });
    if (!this.rows.has(code))
      throw new VistaNotFoundError(NOT_FOUND_MESSAGE, { status: 400, endpoint: "imoveis/detalhes" });
    if (!this.media) return { Codigo: code, Foto: [], Video: [], Anexo: [] } as VistaListingWire;
    const wantsFoto = fields.some((spec) => typeof spec === "object" && "Foto" in spec);
    return {
      Codigo: code,
      ...(wantsFoto
        ? {
            Foto: {
              "1": {
                Foto: `https://cdn.example/${code}/1.jpg`,
                FotoPequena: "",
                Destaque: VISTA_YES,
                Ordem: "1",
                ExibirNoSite: VISTA_YES,
              },
            },
          }
        : {}),
      Video: [],
      Anexo: [],
      FotoEmpreendimento: { "1": { Foto: "https://cdn.example/aurora.jpg", Destaque: VISTA_YES, Ordem: "1" } },
    } as VistaListingWire;
  }

  /** A `VistaClient` on this data. */
  client(): VistaClient {
    return {
      listar: async () => {
        throw new Error("not used");
      },
      listAll: (pesquisa, opts) => this.listAll(pesquisa, opts),
      detalhes: (code, fields, opts) => this.detalhes(code, fields, opts),
      listarConteudo: async () => ({}),
      prontuario: async () => [],
      createLead: async () => {
        throw new Error("not used");
      },
    };
  }
}
