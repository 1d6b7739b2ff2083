import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createVistaHandlers,
  fieldErrorResponse,
  permissionDeniedResponse,
  vistaErrorResponse,
  vistaListJson,
  vistaRawResponse,
  VISTA_MOCK_KEY,
  VISTA_MOCK_URL,
} from "../../../tests/mocks/vista";
import { makeVistaCatalogue, makeVistaListing } from "~/test-support/vista-data";
import { createVistaClient, type VistaClientOptions } from "./client";
import { DETAIL_MEDIA_FIELDS, LISTING_FIELDS } from "./contract";
import {
  VistaAuthError,
  VistaBadRequestError,
  VistaFieldError,
  VistaNetworkError,
  VistaNotFoundError,
  VistaServerError,
  VistaTimeoutError,
} from "./errors";
import { topLevelKeyOrder } from "./list-page";

const catalogue = makeVistaCatalogue(123);
const requests: { endpoint: string; url: URL }[] = [];
const server = setupServer(...createVistaHandlers({ listings: catalogue, onRequest: (r) => requests.push(r) }));

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

function client(options: Partial<VistaClientOptions> = {}) {
  return createVistaClient({ baseUrl: VISTA_MOCK_URL, key: VISTA_MOCK_KEY, retryBaseDelayMs: 1, ...options });
}

const LISTAR = `${VISTA_MOCK_URL}/imoveis/listar`;

/**
 * Serves `url` (GET, or `method`) with `respond`, which gets the 1-based number of the call and the
 * request; returns a reader of how many calls came so far.
 */
function serveCounted(
  url: string,
  respond: (call: number, request: Request) => Response | Promise<Response>,
  method: "get" | "post" = "get",
): () => number {
  let calls = 0;
  server.use(http[method](url, ({ request }) => respond(++calls, request)));
  return () => calls;
}

/** Collects an error thrown by a promise. */
async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the promise to reject");
}

describe("request shape", () => {
  it("sends Accept: application/json, the key and the URL-encoded pesquisa", async () => {
    let seen: Request | undefined;
    server.use(
      http.get(LISTAR, ({ request }) => {
        seen = request;
        return vistaRawResponse("{}");
      }),
    );
    await client().listar(
      { fields: ["Codigo"], filter: { Cidade: "São Paulo" }, paginacao: { pagina: 2, quantidade: 10 } },
      { showtotal: true },
    );
    expect(seen?.headers.get("accept")).toBe("application/json");
    const url = new URL(seen!.url);
    expect(url.searchParams.get("key")).toBe(VISTA_MOCK_KEY);
    expect(url.searchParams.get("showtotal")).toBe("1");
    expect(JSON.parse(url.searchParams.get("pesquisa") ?? "")).toEqual({
      fields: ["Codigo"],
      filter: { Cidade: "São Paulo" },
      paginacao: { pagina: 2, quantidade: 10 },
    });
    expect(seen!.url).toContain("S%C3%A3o%20Paulo");
  });

  it("refuses a page size above 50 before calling Vista", async () => {
    await expect(client().listar({ fields: ["Codigo"], paginacao: { pagina: 1, quantidade: 51 } })).rejects.toThrow(
      RangeError,
    );
    expect(requests).toHaveLength(0);
  });
});

describe("listar: response shapes (docs/vista-api.md §4.1)", () => {
  it("splits the counters from the items", async () => {
    const page = await client().listar(
      { fields: LISTING_FIELDS, paginacao: { pagina: 2, quantidade: 50 } },
      { showtotal: true },
    );
    expect(page.total).toBe(123);
    expect(page.paginas).toBe(3);
    expect(page.pagina).toBe(2);
    expect(page.quantidade).toBe(50);
    expect(page.items).toHaveLength(50);
    expect(page.items[0].Codigo).toBe(catalogue[50].Codigo);
    expect(page.items.every((item) => typeof item.Codigo === "string")).toBe(true);
  });

  it("accepts counters sent as strings", async () => {
    const items = catalogue.slice(0, 2);
    server.use(
      http.get(LISTAR, () =>
        vistaRawResponse(
          vistaListJson(items, { total: 2, paginas: 1, pagina: 1, quantidade: 20 }, { countersAs: "string" }),
        ),
      ),
    );
    const page = await client().listar({ fields: ["Codigo"] }, { showtotal: true });
    expect(page).toMatchObject({ total: 2, paginas: 1, pagina: 1, quantidade: 20 });
    expect(page.items.map((i) => i.Codigo)).toEqual(items.map((i) => i.Codigo));
  });

  it("reads no counters without showtotal", async () => {
    const page = await client().listar({ fields: ["Codigo"], paginacao: { pagina: 1, quantidade: 5 } });
    expect(page.total).toBeUndefined();
    expect(page.items).toHaveLength(5);
  });

  it.each([
    ["{}", "{}"],
    ["[]", "[]"],
    ["counters only", '{"total":0,"paginas":0,"pagina":1,"quantidade":50}'],
    ["empty body", ""],
  ])("treats %s as an empty result", async (_name, body) => {
    server.use(http.get(LISTAR, () => vistaRawResponse(body)));
    const page = await client().listar({ fields: ["Codigo"] }, { showtotal: true });
    expect(page.items).toEqual([]);
  });

  it("keeps the server's order for integer-like codes (JS would sort them)", async () => {
    const items = [
      makeVistaListing(0, { Codigo: "900" }),
      makeVistaListing(1, { Codigo: "12" }),
      makeVistaListing(2, { Codigo: "AP7" }),
      makeVistaListing(3, { Codigo: "45" }),
    ];
    server.use(
      http.get(LISTAR, () =>
        vistaRawResponse(vistaListJson(items, { total: 4, paginas: 1, pagina: 1, quantidade: 50 })),
      ),
    );
    const page = await client().listar({ fields: ["Codigo"], order: { ValorVenda: "desc" } }, { showtotal: true });
    expect(page.items.map((i) => i.Codigo)).toEqual(["900", "12", "AP7", "45"]);
  });

  it("takes the code from the key when an item lacks Codigo", async () => {
    server.use(http.get(LISTAR, () => vistaRawResponse('{"AP1":{"Bairro":"Moema"},"total":1}')));
    const page = await client().listar({ fields: ["Bairro"] }, { showtotal: true });
    expect(page.items).toEqual([{ Codigo: "AP1", Bairro: "Moema" }]);
  });

  it("decodes \\u00e3-escaped text", async () => {
    server.use(http.get(LISTAR, () => vistaRawResponse('{"1":{"Codigo":"1","Cidade":"S\\u00e3o Paulo"}}')));
    const page = await client().listar({ fields: ["Cidade"] });
    expect(page.items[0].Cidade).toBe("São Paulo");
  });
});

describe("topLevelKeyOrder", () => {
  it("reads keys in text order, skipping nested objects and tricky strings", () => {
    const text = ' {"10":{"a":"}\\"{","b":[1,{"c":2}]},"2":"x","k\\u00e9y":null,"1":[]} ';
    expect(topLevelKeyOrder(text)).toEqual(["10", "2", "kéy", "1"]);
    expect(topLevelKeyOrder("[]")).toBeNull();
    expect(topLevelKeyOrder("{}")).toEqual([]);
  });
});

describe("listAll", () => {
  it("fetches page 1 with showtotal, then every other page up to paginas", async () => {
    const progress: { pagina: number; paginas: number; total: number }[] = [];
    const pages: string[][] = [];
    for await (const items of client().listAll(
      { fields: ["Codigo"], filter: { ExibirNoSite: "Sim" } },
      { pageSize: 20, concurrency: 3, onPage: (p) => progress.push(p) },
    )) {
      pages.push(items.map((i) => String(i.Codigo)));
    }
    const visible = catalogue.filter((l) => l.ExibirNoSite === "Sim").map((l) => l.Codigo);
    expect(pages.flat()).toEqual(visible);
    expect(pages).toHaveLength(Math.ceil(visible.length / 20));
    expect(progress.map((p) => p.pagina)).toEqual(pages.map((_, i) => i + 1));
    expect(progress.every((p) => p.total === visible.length && p.paginas === pages.length)).toBe(true);

    const listCalls = requests.filter((r) => r.endpoint === "imoveis/listar");
    expect(listCalls).toHaveLength(pages.length);
    const showtotal = listCalls.map((r) => r.url.searchParams.get("showtotal"));
    expect(showtotal[0]).toBe("1");
    expect(showtotal.slice(1).every((v) => v === null)).toBe(true);
    const requestedPages = listCalls
      .map((r) => JSON.parse(r.url.searchParams.get("pesquisa") ?? "{}").paginacao.pagina)
      .sort((a, b) => a - b);
    expect(requestedPages).toEqual(pages.map((_, i) => i + 1));
  });

  it("stops at paginas even when the server would answer later pages", async () => {
    const all = makeVistaCatalogue(200);
    const calls = serveCounted(LISTAR, (_call, request) => {
      const p = JSON.parse(new URL(request.url).searchParams.get("pesquisa") ?? "{}").paginacao.pagina as number;
      const items = all.slice((p - 1) * 50, p * 50);
      // The server claims 2 pages although it has data for 4.
      return vistaRawResponse(vistaListJson(items, { total: 100, paginas: 2, pagina: p, quantidade: 50 }));
    });
    const seen: unknown[] = [];
    for await (const items of client().listAll({ fields: ["Codigo"] })) seen.push(...items);
    expect(seen).toHaveLength(100);
    expect(calls()).toBe(2);
  });

  it("bounds the pages in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const all = makeVistaCatalogue(300);
    server.use(
      http.get(LISTAR, async ({ request }) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await delay(15);
        inFlight--;
        const p = JSON.parse(new URL(request.url).searchParams.get("pesquisa") ?? "{}").paginacao.pagina as number;
        return vistaRawResponse(
          vistaListJson(all.slice((p - 1) * 25, p * 25), { total: 300, paginas: 12, pagina: p, quantidade: 25 }),
        );
      }),
    );
    let count = 0;
    for await (const items of client().listAll({ fields: ["Codigo"] }, { pageSize: 25, concurrency: 2 }))
      count += items.length;
    expect(count).toBe(300);
    expect(peak).toBeLessThanOrEqual(2);
  });

  it("yields nothing for an empty search", async () => {
    server.use(http.get(LISTAR, () => vistaRawResponse('{"total":0,"paginas":0,"pagina":1,"quantidade":50}')));
    const pages = [];
    for await (const items of client().listAll({ fields: ["Codigo"] })) pages.push(items);
    expect(pages).toEqual([]);
  });

  it("rejects a page size above 50", async () => {
    const generator = client().listAll({ fields: ["Codigo"] }, { pageSize: 60 });
    await expect(generator.next()).rejects.toThrow(RangeError);
  });
});

describe("detalhes, listarConteudo, prontuario", () => {
  it("detalhes sends imovel at the top level and returns the flat object with sub-tables", async () => {
    const code = catalogue[4].Codigo as string;
    const wire = await client().detalhes(code, DETAIL_MEDIA_FIELDS);
    const call = requests.find((r) => r.endpoint === "imoveis/detalhes");
    expect(call?.url.searchParams.get("imovel")).toBe(code);
    expect(JSON.parse(call?.url.searchParams.get("pesquisa") ?? "")).toEqual({ fields: DETAIL_MEDIA_FIELDS });
    expect(wire.Codigo).toBe(code);
    expect(Object.keys(wire.Foto as object)).toEqual(["1", "2", "3"]);
    expect(wire.Anexo).toEqual([]);
  });

  it("detalhes maps an unknown code to VistaNotFoundError", async () => {
    const error = await caught(client().detalhes("NOPE", ["Codigo"]));
    expect(error).toBeInstanceOf(VistaNotFoundError);
    expect(error.message).toContain("não foi encontrado");
  });

  it("listarConteudo returns the distinct values per field, filtered", async () => {
    const values = await client().listarConteudo(["Bairro", "Cidade"], { Bairro: ["Moema", "Pinheiros", "Santana"] });
    expect(values).toEqual({ Bairro: ["Moema", "Pinheiros", "Santana"], Cidade: ["São Paulo"] });
  });

  it("prontuario accepts keyed rows, arrays and []", async () => {
    const rows = [
      { Data: "2026-01-10", Hora: "10:00", Assunto: "Colocado para venda", Texto: "Captação" },
      { Data: "2026-02-01", Hora: "15:30", Assunto: "Visita", Texto: "Cliente gostou" },
    ];
    server.use(...createVistaHandlers({ listings: catalogue, prontuarios: { AP00001: rows } }));
    expect(await client().prontuario("AP00001")).toEqual(rows);
    expect(await client().prontuario("AP00002")).toEqual([]);
    server.use(http.get(`${VISTA_MOCK_URL}/imoveis/prontuario`, () => vistaRawResponse(JSON.stringify(rows))));
    expect(await client().prontuario("AP00001")).toEqual(rows);
  });
});

describe("error mapping (docs/vista-api.md §5)", () => {
  it("maps 401 Permissão Negada to VistaAuthError without the key in the message", async () => {
    const error = await caught(client({ key: "0123456789abcdef0123456789abcdef" }).listar({ fields: ["Codigo"] }));
    expect(error).toBeInstanceOf(VistaAuthError);
    expect((error as VistaAuthError).status).toBe(401);
    expect(error.message).toContain("Permissão Negada");
    expect(error.message).toContain('"***"');
    expect(error.message).not.toContain("0123456789abcdef0123456789abcdef");
    expect(JSON.stringify((error as VistaAuthError).vistaMessages)).not.toContain("0123456789abcdef");
    expect(error.message).not.toContain(VISTA_MOCK_URL);
  });

  it("redacts the key even when the body echoes it in a URL", async () => {
    server.use(http.get(LISTAR, ({ request }) => vistaErrorResponse(404, `No route found for "GET ${request.url}"`)));
    const error = await caught(client().listar({ fields: ["Codigo"] }));
    expect(error).toBeInstanceOf(VistaNotFoundError);
    expect(error.message).not.toContain(VISTA_MOCK_KEY);
    expect(error.message).not.toContain("pesquisa=");
  });

  it("maps a 400 array message to VistaFieldError naming every field", async () => {
    server.use(...createVistaHandlers({ listings: catalogue, deniedFields: ["Estado", "ValorIPTU", "Anexos"] }));
    const error = await caught(client().listar({ fields: ["Codigo", "Estado", "ValorIPTU", "Anexos"] }));
    expect(error).toBeInstanceOf(VistaFieldError);
    expect((error as VistaFieldError).fields).toEqual(["Estado", "ValorIPTU", "Anexos"]);
    expect((error as VistaFieldError).status).toBe(400);
  });

  it("maps 'A tabela Foto não está disponível' to VistaFieldError", async () => {
    const error = await caught(client().listar({ fields: ["Codigo", { Foto: ["Foto"] }] }));
    expect(error).toBeInstanceOf(VistaFieldError);
    expect((error as VistaFieldError).fields).toEqual(["Foto"]);
  });

  it("decodes \\u00e3-escaped messages before matching", async () => {
    server.use(
      http.get(LISTAR, () =>
        vistaRawResponse(
          '{"message":["Campo Estado n\\u00e3o est\\u00e1 dispon\\u00edvel. Consulte a documenta\\u00e7\\u00e3o."],"status":400}',
          400,
        ),
      ),
    );
    const error = await caught(client().listar({ fields: ["Estado"] }));
    expect(error).toBeInstanceOf(VistaFieldError);
    expect((error as VistaFieldError).fields).toEqual(["Estado"]);
    expect(error.message).toContain("não está disponível");
  });

  it("maps other 400s to VistaBadRequestError and does not retry them", async () => {
    const calls = serveCounted(LISTAR, () => vistaErrorResponse(400, "O formato dos dados não está correto"));
    const error = await caught(client({ retries: 3 }).listar({ fields: ["Codigo"] }));
    expect(error).toBeInstanceOf(VistaBadRequestError);
    expect(error.message).toContain("O formato dos dados não está correto");
    expect(calls()).toBe(1);
  });

  it("does not retry 401 either", async () => {
    const calls = serveCounted(LISTAR, () => permissionDeniedResponse("whatever", "imoveis/listar"));
    await expect(client().listar({ fields: ["Codigo"] })).rejects.toBeInstanceOf(VistaAuthError);
    expect(calls()).toBe(1);
  });

  it("retries a 500 and then succeeds", async () => {
    const retries: number[] = [];
    const calls = serveCounted(LISTAR, (call) => {
      if (call < 3) return vistaErrorResponse(500, "Too many connections");
      return vistaRawResponse(vistaListJson(catalogue.slice(0, 1)));
    });
    const page = await client({ retries: 3, onRetry: (info) => retries.push(info.attempt) }).listar({
      fields: ["Codigo"],
    });
    expect(page.items).toHaveLength(1);
    expect(calls()).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it("gives up after the configured retries with VistaServerError", async () => {
    const calls = serveCounted(LISTAR, () => new HttpResponse("Too many connections", { status: 503 }));
    const error = await caught(client({ retries: 2 }).listar({ fields: ["Codigo"] }));
    expect(error).toBeInstanceOf(VistaServerError);
    expect((error as VistaServerError).status).toBe(503);
    expect(calls()).toBe(3);
  });

  it("treats a 200 'Too many connections' text body as a retryable server error", async () => {
    const calls = serveCounted(LISTAR, (call) =>
      call === 1 ? new HttpResponse("Too many connections", { status: 200 }) : vistaRawResponse("{}"),
    );
    const page = await client().listar({ fields: ["Codigo"] });
    expect(page.items).toEqual([]);
    expect(calls()).toBe(2);
  });

  it("treats an error envelope sent with HTTP 200 as an error", async () => {
    server.use(http.get(LISTAR, () => vistaRawResponse('{"status":401,"message":"Permiss\\u00e3o Negada"}', 200)));
    await expect(client().listar({ fields: ["Codigo"] })).rejects.toBeInstanceOf(VistaAuthError);
  });

  it("times out with VistaTimeoutError after the retries", async () => {
    const calls = serveCounted(LISTAR, async () => {
      await delay(500);
      return vistaRawResponse("{}");
    });
    const started = Date.now();
    const error = await caught(client({ timeoutMs: 40, retries: 2 }).listar({ fields: ["Codigo"] }));
    expect(error).toBeInstanceOf(VistaTimeoutError);
    expect((error as VistaTimeoutError).status).toBe(0);
    expect(error.message).toContain("40 ms");
    expect(calls()).toBe(3);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("maps a connection failure to VistaNetworkError without the key or URL", async () => {
    server.use(http.get(LISTAR, () => HttpResponse.error()));
    const error = await caught(client({ retries: 1 }).listar({ fields: ["Codigo"] }));
    expect(error).toBeInstanceOf(VistaNetworkError);
    expect(error.message).not.toContain(VISTA_MOCK_KEY);
    expect(error.message).not.toContain("pesquisa");
  });

  it("never puts the key or URL of a failed fetch in the error (undici-style errors)", async () => {
    const secret = "fedcba9876543210fedcba9876543210";
    let calls = 0;
    const failingFetch: typeof fetch = async (input) => {
      calls++;
      const cause = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:9 while fetching ${String(input)}`), {
        code: "ECONNREFUSED",
      });
      throw new TypeError(`fetch failed for ${String(input)}`, { cause });
    };
    const error = await caught(
      createVistaClient({
        baseUrl: "http://127.0.0.1:9",
        key: secret,
        retries: 2,
        retryBaseDelayMs: 1,
        fetch: failingFetch,
      }).listar({
        fields: ["Codigo"],
      }),
    );
    expect(error).toBeInstanceOf(VistaNetworkError);
    expect((error as VistaNetworkError).code).toBe("ECONNREFUSED");
    expect(calls).toBe(3);
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain("pesquisa=");
    expect(String(error.stack)).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
  });

  it("maps field errors from fieldErrorResponse helper too", async () => {
    server.use(http.get(`${VISTA_MOCK_URL}/imoveis/detalhes`, () => fieldErrorResponse(["Foto"])));
    const error = await caught(client().detalhes("AP00001", DETAIL_MEDIA_FIELDS));
    expect(error).toBeInstanceOf(VistaFieldError);
  });
});

describe("createLead (POST /lead, docs/vista-api.md §2.4)", () => {
  const LEAD = `${VISTA_MOCK_URL}/lead`;
  const lead = {
    nome: "Maria Souza",
    email: "maria@example.com",
    fone: "11988887777",
    interesse: "Venda" as const,
    anuncio: "AP11237",
    veiculo: "Site Horizonte Imobiliária",
    mensagem: "Quero visitar",
  };

  it("posts the form field cadastro with the lead JSON and reads Codigo and Corretor", async () => {
    let seen: { url: URL; contentType: string | null; accept: string | null; form: URLSearchParams } | undefined;
    server.use(
      http.post(LEAD, async ({ request }) => {
        seen = {
          url: new URL(request.url),
          contentType: request.headers.get("content-type"),
          accept: request.headers.get("accept"),
          form: new URLSearchParams(await request.text()),
        };
        return HttpResponse.json({ status: 200, message: "O cadastro foi encontrado.", Codigo: 8826568, Corretor: 14 });
      }),
    );
    const result = await client().createLead(lead);
    expect(result).toEqual({ codigo: 8826568, corretor: 14 });
    expect(seen!.url.searchParams.get("key")).toBe(VISTA_MOCK_KEY);
    expect(seen!.contentType).toContain("application/x-www-form-urlencoded");
    expect(seen!.accept).toBe("application/json");
    expect(JSON.parse(seen!.form.get("cadastro")!)).toEqual({ lead });
  });

  it("maps a 500 to VistaServerError without retrying and never shows the key", async () => {
    const calls = serveCounted(
      LEAD,
      () => {
        return vistaErrorResponse(500, `Too many connections key=${VISTA_MOCK_KEY}`);
      },
      "post",
    );
    const error = await caught(client().createLead(lead));
    expect(error).toBeInstanceOf(VistaServerError);
    expect(calls()).toBe(1);
    expect(error.message).not.toContain(VISTA_MOCK_KEY);
  });

  it("maps a 401 (raw JSON refused) to VistaAuthError", async () => {
    server.use(http.post(LEAD, () => permissionDeniedResponse(VISTA_MOCK_KEY, "lead")));
    expect(await caught(client().createLead(lead))).toBeInstanceOf(VistaAuthError);
  });

  it("maps a 400 to VistaBadRequestError and a network failure to VistaNetworkError", async () => {
    server.use(http.post(LEAD, () => vistaErrorResponse(400, "O campo nome é obrigatório.")));
    expect(await caught(client().createLead(lead))).toBeInstanceOf(VistaBadRequestError);
    server.use(http.post(LEAD, () => HttpResponse.error()));
    expect(await caught(client().createLead(lead))).toBeInstanceOf(VistaNetworkError);
  });

  it("rejects a lead without a name before sending", async () => {
    expect(await caught(client().createLead({ ...lead, nome: " " }))).toBeInstanceOf(TypeError);
  });
});
