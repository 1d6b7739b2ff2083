/**
 * Contract test: the sandbox over real HTTP against docs/vista-api.md (§2 routes,
 * §3 pesquisa, §4 shapes, §5 errors, §8 checklist).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_KEY, loadCatalogue, startVistaSandbox, type RunningVistaSandbox } from "./index";

let sandbox: RunningVistaSandbox;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "vista-sandbox-contract-"));
  sandbox = await startVistaSandbox({
    port: 0,
    dataDir,
    keys: {
      brokerkey0000000000000000000000a: { methods: ["corretores/listar", "imoveis/listar"] },
      limitedkey00000000000000000000b: { deniedFields: ["ValorVenda", "Foto", "proprietarios"] },
    },
  });
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => sandbox.reset());

interface CallOptions {
  key?: string | null;
  accept?: string | null;
  method?: string;
  params?: Record<string, string>;
  body?: string;
  contentType?: string;
}

/** One request; `pesquisa` objects are JSON-encoded and URL-encoded like a real client does. */
async function call(route: string, pesquisa?: unknown, options: CallOptions = {}) {
  const url = new URL(sandbox.url + route);
  if (options.key !== null) url.searchParams.set("key", options.key ?? SANDBOX_KEY);
  if (pesquisa !== undefined)
    url.searchParams.set("pesquisa", typeof pesquisa === "string" ? pesquisa : JSON.stringify(pesquisa));
  for (const [name, value] of Object.entries(options.params ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = {};
  if (options.accept !== null) headers.Accept = options.accept ?? "application/json";
  if (options.contentType) headers["Content-Type"] = options.contentType;
  const response = await fetch(url, { method: options.method ?? "GET", headers, body: options.body });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, headers: response.headers };
}

const COUNTERS = ["total", "paginas", "pagina", "quantidade"];
const itemsOf = (body: Record<string, unknown>) =>
  Object.entries(body).filter(([key]) => !COUNTERS.includes(key)) as [string, Record<string, any>][];

describe("routes (docs/vista-api.md §2, §8.1)", () => {
  it("answers an unknown route with Symfony's 404 and never echoes the key", async () => {
    const res = await call("/imoveis/historicos");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: `No route found for "GET ${sandbox.url}/imoveis/historicos"`, status: 404 });
    expect(res.text).not.toContain(SANDBOX_KEY);
    for (const legacy of [
      "/imoveis/campos",
      "/clientes/enviarLeads",
      "/empreendimentos/listar",
      "/imoveis/Listar",
      "/imoveis/listarcampos/",
    ]) {
      expect((await call(legacy)).status, legacy).toBe(404);
    }
  });

  it("answers a known route with the wrong method with 405", async () => {
    const fotos = await call("/imoveis/fotos");
    expect(fotos.status).toBe(405);
    expect(fotos.headers.get("allow")).toBe("POST, PUT, DELETE");
    expect(fotos.json.status).toBe(405);
    expect((await call("/imoveis/listar", undefined, { method: "POST" })).status).toBe(405);
    expect((await call("/lead")).status).toBe(405);
  });

  it("keeps Vista's casing: listarConteudo camelCase, listarcampos lower-case", async () => {
    expect((await call("/imoveis/listarConteudo", { fields: ["Cidade"] })).status).toBe(200);
    expect((await call("/imoveis/listarcampos")).status).toBe(200);
    expect((await call("/imoveis/listarconteudo", { fields: ["Cidade"] })).status).toBe(404);
    expect((await call("/imoveis/listarCampos")).status).toBe(404);
  });
});

describe("key and headers (docs/vista-api.md §1.2, §1.3, §8.2, §8.3)", () => {
  it("refuses a bad or missing key with 401 Permissão Negada echoing the key", async () => {
    const res = await call("/imoveis/listar", { fields: ["Codigo"] }, { key: "0123456789abcdef0123456789abcdef" });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      message: 'Permissão Negada: "0123456789abcdef0123456789abcdef" Método: imoveis/listar',
      status: 401,
    });
    // PHP-style escaping: the raw body has \u00e3, not "ã".
    expect(res.text).toContain("Permiss\\u00e3o Negada");
    const missing = await call("/imoveis/detalhes", undefined, { key: null });
    expect(missing.status).toBe(401);
    expect(missing.json.message).toBe('Permissão Negada: "" Método: imoveis/detalhes');
  });

  it("checks the key before the parameters", async () => {
    const res = await call("/imoveis/listar", "{not json", { key: "wrong" });
    expect(res.status).toBe(401);
  });

  it("denies corretores/listar to the default key but allows it to a configured key", async () => {
    const denied = await call("/corretores/listar");
    expect(denied.status).toBe(401);
    expect(denied.json.message).toBe(`Permissão Negada: "${SANDBOX_KEY}" Método: corretores/listar`);
    const allowed = await call("/corretores/listar", undefined, {
      key: "brokerkey0000000000000000000000a",
      params: { page: "1", limit: "5" },
    });
    expect(allowed.status).toBe(200);
    const brokers = Object.values(allowed.json) as Record<string, string>[];
    expect(brokers).toHaveLength(5);
    expect(brokers[0]).toMatchObject({
      Codigo: expect.any(String),
      Nome: expect.any(String),
      CRECI: expect.stringMatching(/^\d+-F$/),
    });
    // Per-method allow-list: that key may not call detalhes.
    expect(
      (
        await call(
          "/imoveis/detalhes",
          { fields: ["Codigo"] },
          { key: "brokerkey0000000000000000000000a", params: { imovel: "AP11237" } },
        )
      ).status,
    ).toBe(401);
  });

  it("requires Accept: application/json (406 otherwise)", async () => {
    const missing = await call("/imoveis/listar", { fields: ["Codigo"] }, { accept: null });
    expect(missing.status).toBe(406);
    expect(missing.json.status).toBe(406);
    expect((await call("/imoveis/listar", { fields: ["Codigo"] }, { accept: "text/html" })).status).toBe(406);
    expect(
      (await call("/imoveis/listar", { fields: ["Codigo"] }, { accept: "application/json, text/plain, */*" })).status,
    ).toBe(200);
  });

  it("rejects an over-long URL with 406", async () => {
    const codes = Array.from({ length: 900 }, (_, i) => `AP${10000 + i}`);
    const res = await call("/imoveis/listar", { fields: ["Codigo"], filter: { Codigo: codes } });
    expect(res.status).toBe(406);
  });
});

describe("pesquisa validation (docs/vista-api.md §3.1, §5.2, §8.3–§8.5)", () => {
  it("answers malformed pesquisa JSON with 400 'O formato dos dados não está correto'", async () => {
    const res = await call("/imoveis/listar", '{"fields":["Codigo"');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: "O formato dos dados não está correto", status: 400 });
    expect((await call("/imoveis/listar", { fields: "Codigo" })).status).toBe(400);
  });

  it("names EVERY rejected field in one 400 with an array message", async () => {
    const res = await call("/imoveis/listar", {
      fields: ["Codigo", "Estado", "ValorIPTU", "Banheiros", "ValorVenda", { Corretor: ["Nome", "Apelido"] }],
      filter: { Cor: "Azul" },
    });
    expect(res.status).toBe(400);
    expect(res.json.status).toBe(400);
    expect(res.json.message).toEqual(
      ["Estado", "ValorIPTU", "Banheiros", "Apelido", "Cor"].map(
        (name) => `Campo ${name} não está disponível. Consulte a documentação para obter os campos disponíveis.`,
      ),
    );
    expect(res.text).toContain("n\\u00e3o est\\u00e1 dispon\\u00edvel");
  });

  it("is case-sensitive about names (ValorIptu yes, ValorIPTU no; Anexo yes, Anexos no)", async () => {
    expect((await call("/imoveis/listar", { fields: ["ValorIptu"] })).status).toBe(200);
    expect((await call("/imoveis/listar", { fields: ["valoriptu"] })).status).toBe(400);
    const anexos = await call(
      "/imoveis/detalhes",
      { fields: [{ Anexos: ["Anexo"] }] },
      { params: { imovel: "AP11237" } },
    );
    expect(anexos.status).toBe(400);
    expect(anexos.json.message).toEqual([
      "Campo Anexos não está disponível. Consulte a documentação para obter os campos disponíveis.",
    ]);
  });

  it("refuses the media sub-tables on listar", async () => {
    for (const table of ["Foto", "Video", "Anexo", "FotoEmpreendimento"]) {
      const res = await call("/imoveis/listar", { fields: ["Codigo", { [table]: ["Foto"] }] });
      expect(res.status, table).toBe(400);
      expect(res.json).toEqual({ message: `A tabela ${table} não está disponível para este método`, status: 400 });
    }
    expect((await call("/imoveis/destaques", { fields: [{ Foto: ["Foto"] }] })).json.message).toBe(
      "A tabela Foto não está disponível para este método",
    );
  });

  it("limits pages to 50 results", async () => {
    const res = await call("/imoveis/listar", { fields: ["Codigo"], paginacao: { pagina: 1, quantidade: 51 } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: "O limite de resultados por página deve ser 50", status: 400 });
    expect(
      (await call("/imoveis/listar", { fields: ["Codigo"], paginacao: { pagina: "1", quantidade: "50" } })).status,
    ).toBe(200);
  });

  it("applies per-key field permissions", async () => {
    const res = await call(
      "/imoveis/listar",
      { fields: ["Codigo", "ValorVenda", "ValorLocacao"] },
      { key: "limitedkey00000000000000000000b" },
    );
    expect(res.status).toBe(400);
    expect(res.json.message).toEqual([
      "Campo ValorVenda não está disponível. Consulte a documentação para obter os campos disponíveis.",
    ]);
    const campos = await call("/imoveis/listarcampos", undefined, { key: "limitedkey00000000000000000000b" });
    expect(campos.json.imoveis).not.toContain("ValorVenda");
    expect(campos.json.imoveis).toContain("ValorLocacao");
    expect(campos.json.Foto).toBeUndefined();
  });

  it("refuses nested amenity filters (top-level flag names work)", async () => {
    const nested = await call("/imoveis/listar", {
      fields: ["Codigo"],
      filter: { InfraEstrutura: { Playground: "Sim" } },
    });
    expect(nested.status).toBe(400);
    expect((await call("/imoveis/listar", { fields: ["Codigo"], filter: { Playground: "Sim" } })).status).toBe(200);
  });
});

describe("listar output (docs/vista-api.md §4.1, §8.8)", () => {
  it("keys items by code, every value a string, CodigoImobiliaria null, counters numbers with showtotal", async () => {
    const fields = [
      "Codigo",
      "Categoria",
      "Bairro",
      "Cidade",
      "UF",
      "ValorVenda",
      "ValorLocacao",
      "ValorCondominio",
      "Dormitorios",
      "Latitude",
      "Longitude",
      "DataAtualizacao",
      "ExibirNoSite",
      "TituloSite",
      "FotoDestaque",
      "FotoDestaquePequena",
      { Corretor: ["Codigo", "Nome", "Email", "CRECI"] },
    ];
    const res = await call(
      "/imoveis/listar",
      { fields, paginacao: { pagina: 2, quantidade: 10 } },
      { params: { showtotal: "1" } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.json.total).toBe(13_645);
    expect(res.json.paginas).toBe(1_365);
    expect(res.json.pagina).toBe(2);
    expect(res.json.quantidade).toBe(10);
    const items = itemsOf(res.json);
    expect(items).toHaveLength(10);
    for (const [key, item] of items) {
      expect(item.Codigo).toBe(key);
      expect(item.CodigoImobiliaria).toBeNull();
      for (const [field, value] of Object.entries(item)) {
        if (field === "CodigoImobiliaria" || field === "Corretor") continue;
        expect(typeof value, `${key}.${field}`).toBe("string");
      }
      expect(Object.keys(item.Corretor)).toEqual([item.Corretor_Codigo]);
      expect(item.Corretor[item.Corretor_Codigo].Email).toMatch(/@imobiliaria\.example$/);
      expect(item.FotoDestaque).toMatch(new RegExp(`^${sandbox.url}/fotos/${key}/\\d\\.jpg$`));
      expect(item.FotoDestaquePequena).toMatch(/-p\.jpg$/);
      expect(["Venda", "Aluguel"]).not.toContain(item.ExibirNoSite);
      expect(Number(item.ValorVenda) > 0 || Number(item.ValorLocacao) > 0).toBe(true);
    }
    // Photo URLs with escaped slashes on the wire, like PHP.
    expect(res.text).toContain("http:\\/\\/127.0.0.1");
  });

  it("leaves the counters out without showtotal", async () => {
    const res = await call("/imoveis/listar", { fields: ["Codigo"], paginacao: { pagina: 1, quantidade: 3 } });
    expect(Object.keys(res.json)).toHaveLength(3);
    for (const counter of COUNTERS) expect(res.json[counter]).toBeUndefined();
  });

  it("returns only the code (and CodigoImobiliaria) when fields are missing", async () => {
    const res = await call("/imoveis/listar", { paginacao: { pagina: 1, quantidade: 2 } });
    for (const [, item] of itemsOf(res.json)) expect(Object.keys(item).sort()).toEqual(["Codigo", "CodigoImobiliaria"]);
  });

  it("answers an empty result as [] (PHP's empty array), or counters only with showtotal", async () => {
    const none = { fields: ["Codigo"], filter: { Bairro: "Bairro Que Não Existe" } };
    expect((await call("/imoveis/listar", none)).json).toEqual([]);
    expect((await call("/imoveis/listar", none, { params: { showtotal: "1" } })).json).toEqual({
      total: 0,
      paginas: 0,
      pagina: 1,
      quantidade: 50,
    });
  });

  it("walks every page without overlap", async () => {
    const filter = { Bairro: "Moema" };
    const first = await call(
      "/imoveis/listar",
      { fields: ["Codigo"], filter, order: { Codigo: "asc" }, paginacao: { pagina: 1, quantidade: 50 } },
      { params: { showtotal: "1" } },
    );
    const seen = new Set<string>();
    for (let page = 1; page <= first.json.paginas; page++) {
      const res = await call("/imoveis/listar", {
        fields: ["Codigo"],
        filter,
        order: { Codigo: "asc" },
        paginacao: { pagina: page, quantidade: 50 },
      });
      for (const [key] of itemsOf(res.json)) {
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBe(first.json.total);
    expect(first.json.total).toBe(293);
  });

  it("returns amenity objects with spaced labels and top-level flags consistent with them", async () => {
    const res = await call("/imoveis/listar", {
      fields: [
        "Codigo",
        "Caracteristicas",
        "InfraEstrutura",
        "Piscina",
        "Mobiliado",
        "Portaria24Hrs",
        "SalaFitness",
        "SalaoFestas",
        "AreaServico",
      ],
      paginacao: { pagina: 1, quantidade: 50 },
    });
    for (const [, item] of itemsOf(res.json)) {
      const carac = item.Caracteristicas;
      const infra = item.InfraEstrutura;
      expect(Object.keys(carac)).toHaveLength(81);
      expect(Object.keys(infra)).toHaveLength(77);
      expect(carac).toHaveProperty("Sala T V");
      expect(carac).toHaveProperty("W C Empregada");
      expect(infra).toHaveProperty("Portaria24 Hrs");
      expect(infra).toHaveProperty("Salao Festas");
      const yes = (value: string) => value === "Sim";
      expect(yes(item.Mobiliado)).toBe(yes(carac.Mobiliado));
      expect(yes(item.Piscina)).toBe(yes(carac.Piscina));
      expect(yes(item.AreaServico)).toBe(yes(carac["Area Servico"]));
      expect(yes(item.Portaria24Hrs)).toBe(yes(infra["Portaria24 Hrs"]));
      expect(yes(item.SalaFitness)).toBe(yes(infra["Sala Fitness"]));
      expect(yes(item.SalaoFestas)).toBe(yes(infra["Salao Festas"]));
      for (const value of [...Object.values(carac), ...Object.values(infra)])
        expect(["Sim", "Nao", "Não", ""]).toContain(value);
    }
  });
});

describe("filters (docs/vista-api.md §3.2, §8.6) and order (§3.4)", () => {
  const list = async (
    filter: Record<string, unknown>,
    fields: string[],
    extra: Record<string, unknown> = {},
    params: Record<string, string> = {},
  ) => {
    const res = await call(
      "/imoveis/listar",
      { fields: ["Codigo", ...fields], filter, paginacao: { pagina: 1, quantidade: 50 }, ...extra },
      { params: { showtotal: "1", ...params } },
    );
    expect(res.status, res.text).toBe(200);
    return { total: res.json.total as number, items: itemsOf(res.json).map(([, item]) => item) };
  };

  it("IN on an array of values", async () => {
    const { total, items } = await list({ Bairro: ["Moema", "Pinheiros"] }, ["Bairro"]);
    expect(total).toBe(293 + 249);
    expect(new Set(items.map((i) => i.Bairro))).toEqual(new Set(["Moema", "Pinheiros"]));
  });

  it("inclusive BETWEEN on numeric fields and on dates", async () => {
    const { total, items } = await list({ ValorVenda: [500000, 600000] }, ["ValorVenda"]);
    expect(total).toBeGreaterThan(100);
    for (const item of items) {
      expect(Number(item.ValorVenda)).toBeGreaterThanOrEqual(500000);
      expect(Number(item.ValorVenda)).toBeLessThanOrEqual(600000);
    }
    const exact = await list({ ValorVenda: [500000, 500000] }, ["ValorVenda"]);
    expect(exact.total).toBeGreaterThan(0);
    expect(exact.items.every((i) => i.ValorVenda === "500000")).toBe(true);
    const month = await list({ DataAtualizacao: ["2026-08-01", "2026-08-31"] }, ["DataAtualizacao"]);
    const sameAs = await list({ DataAtualizacao: [">=", "2026-08-01"], DataCadastro: ["<=", "2026-10-31"] }, []);
    expect(month.total).toBeGreaterThan(0);
    expect(month.items.every((i) => i.DataAtualizacao >= "2026-08-01" && i.DataAtualizacao <= "2026-08-31")).toBe(true);
    expect(sameAs.total).toBeGreaterThan(month.total);
  });

  it("operator pairs >=, <, != and two-element IN on text", async () => {
    const atLeast = await list({ Dormitorios: [">=", 4] }, ["Dormitorios"]);
    expect(atLeast.total).toBe(802 + 20 + 3 + 1 + 1);
    expect(atLeast.items.every((i) => Number(i.Dormitorios) >= 4)).toBe(true);
    const small = await list({ AreaPrivativa: ["<", 35] }, ["AreaPrivativa"]);
    expect(small.items.every((i) => Number(i.AreaPrivativa) < 35)).toBe(true);
    const notSp = await list({ Cidade: ["!=", "São Paulo"] }, []);
    expect(notSp.total).toBe(0);
    const withCondo = await list({ ValorCondominio: ["!=", ""] }, ["ValorCondominio"]);
    expect(withCondo.items.every((i) => i.ValorCondominio !== "")).toBe(true);
    const twoText = await list({ Bairro: ["Moema", "Brooklin"] }, ["Bairro"]);
    expect(twoText.total).toBe(293 + 250);
  });

  it("like is a case- and accent-insensitive contains; equality ignores case and accents too", async () => {
    const like = await list({ Bairro: ["like", "SAO"] }, ["Bairro"]);
    expect(like.total).toBeGreaterThan(0);
    expect(like.items.every((i) => /s[aã]o/i.test(i.Bairro))).toBe(true);
    expect(new Set(like.items.map((i) => i.Bairro)).size).toBeGreaterThan(1);
    const accents = await list({ Bairro: ["like", "jacana"] }, ["Bairro"]);
    expect(accents.total).toBe(155);
    expect(accents.items.every((i) => i.Bairro === "Jaçanã")).toBe(true);
    const percent = await list({ Bairro: ["like", "vila%a"] }, ["Bairro"]);
    expect(percent.items.every((i) => /^Vila .*a$/i.test(i.Bairro.normalize("NFD").replace(/\p{M}/gu, "")))).toBe(true);
    expect(percent.items.map((i) => i.Bairro)).toContain("Vila Curuçá");
    expect((await list({ Bairro: "jaçanã" }, [])).total).toBe(155);
  });

  it("Sim/Nao flags, top-level amenity flags, finalidade and destaques", async () => {
    const furnished = await list({ Mobiliado: "Sim" }, ["Mobiliado", "Caracteristicas"]);
    expect(furnished.total).toBeGreaterThan(1000);
    expect(furnished.items.every((i) => i.Mobiliado === "Sim" && i.Caracteristicas.Mobiliado === "Sim")).toBe(true);
    const pool = await list({ PiscinaColetiva: "Sim", Elevador: "Sim" }, ["InfraEstrutura"]);
    expect(
      pool.items.every((i) => i.InfraEstrutura["Piscina Coletiva"] === "Sim" && i.InfraEstrutura.Elevador === "Sim"),
    ).toBe(true);
    const shown = await list({ ExibirNoSite: "Sim" }, []);
    const hidden = await list({ ExibirNoSite: "Nao" }, []);
    expect(shown.total + hidden.total).toBe(13_645);
    expect(hidden.total).toBeGreaterThan(100);
    const venda = await list({}, ["Status"], {}, { finalidade: "venda" });
    expect(venda.total).toBe(6415);
    expect(venda.items.every((i) => i.Status === "Venda")).toBe(true);
    const destaques = await call(
      "/imoveis/destaques",
      { fields: ["Codigo", "DestaqueWeb"], paginacao: { pagina: 1, quantidade: 50 } },
      { params: { showtotal: "1" } },
    );
    expect(destaques.json.total).toBeGreaterThan(100);
    expect(itemsOf(destaques.json).every(([, i]) => i.DestaqueWeb === "Sim")).toBe(true);
  });

  it("orders by several keys, numerically on numeric fields", async () => {
    const { items } = await list({ Bairro: "Moema", ValorVenda: [">", 0] }, ["ValorVenda", "Dormitorios"], {
      order: { ValorVenda: "desc", Codigo: "asc" },
    });
    const prices = items.map((i) => Number(i.ValorVenda));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const asc = await list({ Bairro: "Moema" }, ["Dormitorios", "AreaPrivativa"], {
      order: { Dormitorios: "ASC", AreaPrivativa: "DESC" },
    });
    for (let i = 1; i < asc.items.length; i++) {
      const [a, b] = [asc.items[i - 1]!, asc.items[i]!];
      expect(
        Number(a.Dormitorios) < Number(b.Dormitorios) ||
          (a.Dormitorios === b.Dormitorios && Number(a.AreaPrivativa) >= Number(b.AreaPrivativa)),
      ).toBe(true);
    }
  });

  it("hides inactive statuses unless showInternal=1, and never applies ExibirNoSite implicitly", async () => {
    sandbox.patch(["AP11237"], { status: "Vendido" });
    const normal = await list({ Codigo: "AP11237" }, ["Status"]);
    expect(normal.total).toBe(0);
    const internal = await list({ Codigo: "AP11237" }, ["Status"], {}, { showInternal: "1" });
    expect(internal.items.map((i) => i.Status)).toEqual(["Vendido"]);
    const all = await list({}, []);
    expect(all.total).toBe(13_644);
  });
});

describe("detalhes (docs/vista-api.md §4.2)", () => {
  const code = "AP11237";

  it("returns a flat object with keyed Foto and [] for empty sub-tables", async () => {
    const res = await call(
      "/imoveis/detalhes",
      {
        fields: [
          "Codigo",
          "TituloSite",
          "DescricaoWeb",
          { Foto: ["Foto", "FotoPequena", "Destaque", "Ordem", "Tipo", "ExibirNoSite"] },
          { Video: ["Video", "Tipo"] },
          { Anexo: ["Anexo", "Descricao"] },
          { Corretor: ["Nome", "Celular"] },
        ],
      },
      { params: { imovel: code } },
    );
    expect(res.status).toBe(200);
    expect(res.json.Codigo).toBe(code);
    expect(res.json.CodigoImobiliaria).toBeNull();
    expect(res.json.Video).toEqual([]);
    expect(res.json.Anexo).toEqual([]);
    const keys = Object.keys(res.json.Foto);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys).toEqual(keys.map((_, i) => String(i + 1)));
    const photos = Object.values(res.json.Foto) as Record<string, string>[];
    expect(photos.filter((p) => p.Destaque === "Sim")).toHaveLength(1);
    for (const photo of photos) {
      expect(Object.keys(photo)).toEqual(["Foto", "FotoPequena", "Destaque", "Ordem", "Tipo", "ExibirNoSite"]);
      expect(photo.Foto).toMatch(new RegExp(`/fotos/${code}/\\d\\.jpg$`));
    }
    expect(res.json.Corretor_Codigo).toBe(Object.keys(res.json.Corretor)[0]);
    expect(res.json.DescricaoWeb).toContain("m²");
  });

  it("serves the condominium gallery and fields of a unit in a building", async () => {
    const building = loadCatalogue().buildings[0]!;
    const withBuilding = sandbox.listing(building.unitCodes[0]!);
    expect(withBuilding?.building).toBe(building);
    const res = await call(
      "/imoveis/detalhes",
      {
        fields: [
          "Codigo",
          "Empreendimento",
          "CodigoEmpreendimento",
          "DescricaoEmpreendimento",
          "FotoDestaqueEmpreendimento",
          "Andares",
          "AnoConstrucao",
          "InfraEstrutura",
          { FotoEmpreendimento: ["Foto", "FotoPequena", "Destaque", "Ordem"] },
        ],
      },
      { params: { imovel: withBuilding!.code } },
    );
    expect(res.status).toBe(200);
    expect(res.json.Empreendimento).toBe(withBuilding!.building!.name);
    expect(res.json.FotoDestaqueEmpreendimento).toBe(`${sandbox.url}/fotos/emp/${res.json.CodigoEmpreendimento}/1.jpg`);
    const gallery = Object.values(res.json.FotoEmpreendimento) as Record<string, string>[];
    expect(gallery.length).toBeGreaterThanOrEqual(3);
    expect(gallery.length).toBeLessThanOrEqual(6);
  });

  it("answers 400 for a missing fields list and for an unknown code (fields checked first)", async () => {
    const noFields = await call("/imoveis/detalhes", undefined, { params: { imovel: code } });
    expect(noFields.json).toEqual({ message: "O formato dos dados não está correto", status: 400 });
    const unknown = await call("/imoveis/detalhes", { fields: ["Codigo"] }, { params: { imovel: "XX00000" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ message: "O imóvel solicitado não foi encontrado.", status: 400 });
    const badField = await call("/imoveis/detalhes", { fields: ["Nope"] }, { params: { imovel: "XX00000" } });
    expect(badField.json.message).toEqual([
      "Campo Nope não está disponível. Consulte a documentação para obter os campos disponíveis.",
    ]);
  });

  it("serves private data (owners, notes, prontuário) to a key that may read it, filterable", async () => {
    const fields = [
      "Codigo",
      "Proprietario",
      "CodigoProprietario",
      "Observacoes",
      "ObsVenda",
      "AssuntoProntuario",
      { proprietarios: ["Proprietario", "FonePrincipal"] },
      { prontuarios: ["Data", "Hora", "Assunto", "Texto"] },
    ];
    const filter = { prontuarios: { Assunto: ["like", "colocado para"] } };
    const res = await call("/imoveis/detalhes", { fields, filter }, { params: { imovel: code } });
    expect(res.status).toBe(200);
    expect(res.json.Proprietario).not.toBe("");
    const owners = Object.entries(res.json.proprietarios) as [string, Record<string, string>][];
    expect(owners[0]![0]).toBe(res.json.CodigoProprietario);
    expect(owners[0]![1].FonePrincipal).toMatch(/^\(11\) 9/);
    const history = Object.values(res.json.prontuarios) as Record<string, string>[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      Assunto: expect.stringMatching(/^Colocado para/),
      FinalidadeStatus: expect.any(String),
      Prontuario_Codigo: expect.any(String),
    });
    const limited = await call(
      "/imoveis/detalhes",
      { fields: [{ proprietarios: ["Proprietario"] }] },
      { key: "limitedkey00000000000000000000b", params: { imovel: code } },
    );
    expect(limited.status).toBe(400);
  });
});

describe("other endpoints (docs/vista-api.md §2.1, §8.9)", () => {
  it("listarConteudo returns distinct values per field after the filter, and needs fields", async () => {
    const res = await call("/imoveis/listarConteudo", {
      fields: ["Bairro", "Cidade", "Categoria"],
      filter: { Bairro: ["like", "vila"] },
    });
    expect(res.status).toBe(200);
    expect(res.json.Cidade).toEqual(["São Paulo"]);
    expect(res.json.Bairro.every((b: string) => b.startsWith("Vila"))).toBe(true);
    expect(new Set(res.json.Bairro).size).toBe(res.json.Bairro.length);
    expect(res.json.Categoria).toContain("Apartamento");
    const all = await call("/imoveis/listarConteudo", { fields: ["Bairro"] });
    expect(all.json.Bairro).toHaveLength(97);
    const empreendimentos = await call("/imoveis/listarConteudo", { fields: ["Empreendimento"] });
    expect(empreendimentos.json.Empreendimento[0]).toBe("");
    expect((await call("/imoveis/listarConteudo")).status).toBe(400);
  });

  it("listarcampos lists the field groups, tipo narrows it", async () => {
    const res = await call("/imoveis/listarcampos");
    expect(res.json.imoveis).toContain("ValorIptu");
    expect(res.json.carac).toHaveLength(81);
    expect(res.json.infra).toHaveLength(77);
    expect(res.json.Foto).toHaveLength(13);
    expect(Object.keys((await call("/imoveis/listarcampos", undefined, { params: { tipo: "carac" } })).json)).toEqual([
      "carac",
    ]);
  });

  it("prontuario, finalidades, logotipo, siteurl, reloadcache", async () => {
    const history = await call("/imoveis/prontuario", undefined, { params: { imovel: "AP11237" } });
    expect(history.status).toBe(200);
    const entries = Object.entries(history.json) as [string, Record<string, string>][];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const [key, entry] of entries) {
      expect(entry.Prontuario_Codigo).toBe(key);
      expect(entry.Data).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.Hora).toMatch(/^\d{2}:\d{2}$/);
    }
    expect((await call("/imoveis/finalidades")).json).toEqual(["Venda", "Aluguel"]);
    expect((await call("/logotipo")).json).toEqual({ logotipo: `${sandbox.url}/fotos/logotipo.png` });
    expect((await call("/siteurl")).json.siteurl).toMatch(/^https?:\/\//);
    expect((await call("/reloadcache")).json).toEqual({ status: 200, message: "Cache recarregado com sucesso." });
  });
});

describe("POST /lead (docs/vista-api.md §2.4, §8.10)", () => {
  const form = (data: unknown) => new URLSearchParams({ cadastro: JSON.stringify(data) }).toString();

  it("accepts the form field cadastro and replies with numeric Codigo and Corretor", async () => {
    const lead = {
      lead: {
        nome: "Maria Souza",
        email: "maria@example.com",
        fone: "11988887777",
        interesse: "Venda",
        anuncio: "AP11237",
        veiculo: "Site",
        mensagem: "Quero visitar",
      },
    };
    const res = await call("/lead", undefined, {
      method: "POST",
      body: form(lead),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 200,
      message: "O cadastro foi encontrado.",
      Codigo: expect.any(Number),
      Corretor: expect.any(Number),
    });
    // The listing's broker gets the lead.
    expect(String(res.json.Corretor)).toBe(sandbox.listing("AP11237")!.brokerCode);
    const again = await call("/lead", undefined, {
      method: "POST",
      body: form(lead),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(again.json.Codigo).toBe(res.json.Codigo);
    const recorded = sandbox.leads();
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({ lead: lead.lead, duplicate: false, spam: false, route: "lead" });
    expect(recorded[1]!.duplicate).toBe(true);
    const overHttp = await call("/__sandbox/leads");
    expect(overHttp.json).toHaveLength(2);
  });

  it("rejects a raw JSON body with 401 and asks for the cadastro field", async () => {
    const res = await call("/lead", undefined, {
      method: "POST",
      body: JSON.stringify({ lead: { nome: "Maria", email: "maria@example.com" } }),
      contentType: "application/json",
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: "Você deve informar os dados em json no parâmetro 'cadastro'", status: 401 });
    expect(sandbox.leads()).toHaveLength(0);
  });

  it("requires nome and an e-mail or phone; routes test data to the junk bucket", async () => {
    const post = (lead: unknown) =>
      call("/lead", undefined, {
        method: "POST",
        body: form({ lead }),
        contentType: "application/x-www-form-urlencoded",
      });
    expect((await post({ email: "a@example.com" })).status).toBe(400);
    expect((await post({ nome: "Ana" })).status).toBe(400);
    expect((await post({ nome: "Ana", fone: "11 91234-5678" })).status).toBe(200);
    const spam = await post({ nome: "TESTE", email: "teste@gmail.com" });
    expect(spam.status).toBe(200);
    expect(sandbox.leads().at(-1)!.spam).toBe(true);
    const roulette = sandbox.leads().at(-2)!;
    expect(roulette.Corretor).toBeGreaterThan(0);
  });
});

describe("test surface and mutations (/__sandbox, not Vista's API)", () => {
  const post = (route: string, body: unknown) =>
    call(route, undefined, { method: "POST", body: JSON.stringify(body), contentType: "application/json" });

  it("touch makes a listing show up in a delta by DataAtualizacao with a new price", async () => {
    const before = sandbox.listing("AP19156")!;
    const res = await post("/__sandbox/touch", { codes: ["AP19156", "XX1"] });
    expect(res.json).toEqual({ changed: ["AP19156"], unknown: ["XX1"] });
    const delta = await call(
      "/imoveis/listar",
      {
        fields: ["Codigo", "DataAtualizacao", "ValorLocacao"],
        filter: { DataAtualizacao: [">=", "2026-11-01"], ExibirNoSite: "Sim" },
      },
      { params: { showtotal: "1" } },
    );
    const hits = itemsOf(delta.json);
    expect(hits.map(([code]) => code)).toContain("AP19156");
    expect(delta.json.total).toBe(hits.length);
    const item = hits.find(([code]) => code === "AP19156")![1];
    expect(Number(item.ValorLocacao)).toBeLessThan(before.rentPrice);
    expect(item.DataAtualizacao > before.updatedAt).toBe(true);
  });

  it("remove and hide take listings out of what a website sync sees", async () => {
    await post("/__sandbox/remove", { codes: ["AP11237"] });
    sandbox.hide(["AP19156"]);
    const gone = await call("/imoveis/detalhes", { fields: ["Codigo"] }, { params: { imovel: "AP11237" } });
    expect(gone.json.message).toBe("O imóvel solicitado não foi encontrado.");
    const visible = await call(
      "/imoveis/listar",
      { fields: ["Codigo"], filter: { Codigo: ["AP11237", "AP19156"], ExibirNoSite: "Sim" } },
      { params: { showtotal: "1" } },
    );
    expect(visible.json.total).toBe(0);
    const stats = await call("/__sandbox/stats");
    expect(stats.json.removed).toBe(1);
    expect(stats.json.total).toBe(13_644);
  });

  it("injects faults: status for N requests, then normal service", async () => {
    await post("/__sandbox/faults", { status: 500, count: 2 });
    expect((await call("/imoveis/listar", { fields: ["Codigo"] })).json).toEqual({
      message: "Too many connections",
      status: 500,
    });
    expect((await call("/imoveis/listar", { fields: ["Codigo"] })).status).toBe(500);
    expect((await call("/imoveis/listar", { fields: ["Codigo"] })).status).toBe(200);
    sandbox.setFaults({ status: 503, count: -1, paths: ["/imoveis/detalhes"] });
    expect((await call("/imoveis/listar", { fields: ["Codigo"] })).status).toBe(200);
    expect((await call("/imoveis/detalhes", { fields: ["Codigo"] }, { params: { imovel: "AP11237" } })).status).toBe(
      503,
    );
    sandbox.setFaults({ latencyMs: 150 });
    const started = performance.now();
    expect((await call("/imoveis/finalidades")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("guards the test surface with the key", async () => {
    const res = await call("/__sandbox/reset", undefined, { method: "POST", key: "nope" });
    expect(res.status).toBe(401);
  });
});
