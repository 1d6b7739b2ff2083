/**
 * Rough edges of the search pages a visitor found next to the big portals
 * (ADR 0092), at 360 and 1366 px: the result count printed once; a fact's
 * icon at its size and "111 m²" on one line; the filter summary readable
 * whole; the two selects of `/condominios` equally wide; counts with the
 * pt-BR thousands separator; zero-count chips at WCAG AA contrast; the skip
 * link "Pular para os resultados" early in the Tab order, moving the focus
 * to the results; `/busca`'s neighbourhood counts for the chosen purpose;
 * `/comparar` with a narrow label column, the best value of a row marked in
 * words and a partial monthly cost said so; and a form sent too fast saying
 * why (a server of its own with a long minimum fill time). Screenshots go to
 * /tmp/h/shots/.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { cardPaths, LISTINGS_PATH, parseCount, readTotal, resultList } from "./helpers";
import { EMBEDDED_ENV, spawnServer, stopServer, waitUntil, type SpawnedServer } from "./spawned-server";

const WIDTHS = [360, 1366] as const;
const SHOTS = "/tmp/h/shots";
const RENT_RANGE = `${LISTINGS_PATH}/aluguel?preco-min=2500&preco-max=5000`;

/** A screenshot of the viewport into {@link SHOTS}. */
async function shot(page: Page, name: string, width: number): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/rough-${name}-${width}.png` });
}

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  if (width > 360) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** How many text blocks of the page (outside the filters form) state `count` ("1.943"). */
function blocksStating(page: Page, count: string): Promise<number> {
  return page.evaluate(
    (needle) =>
      [...document.querySelectorAll("main p, main h1, main h2")].filter(
        (el) =>
          !el.closest("form, details") &&
          (el as HTMLElement).offsetParent !== null &&
          new RegExp(`(^|[^\\d.])${needle.replace(/\./g, "\\.")}([^\\d.]|$)`).test(el.textContent ?? ""),
      ).length,
    count,
  );
}

/** WCAG contrast of an element's text against the first opaque background behind it, opacity included. */
function contrastOf(page: Page, selector: string): Promise<number[]> {
  return page.evaluate((sel) => {
    const rgba = (css: string) => {
      const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    return [...document.querySelectorAll(sel)].map((el) => {
      // The first opaque background from the element up; the opacity of the element and every ancestor.
      let background = { r: 255, g: 255, b: 255, a: 1 };
      let found = false;
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        opacity *= Number(style.opacity);
        const bg = rgba(style.backgroundColor);
        if (!found && bg.a === 1 && style.backgroundColor !== "transparent") {
          background = bg;
          found = true;
        }
      }
      const text = rgba(getComputedStyle(el).color);
      const alpha = text.a * opacity;
      const seen = {
        r: text.r * alpha + background.r * (1 - alpha),
        g: text.g * alpha + background.g * (1 - alpha),
        b: text.b * alpha + background.b * (1 - alpha),
      };
      const [hi, lo] = [luminance(seen), luminance(background)].sort((a, b) => b - a);
      return (hi + 0.05) / (lo + 0.05);
    });
  }, selector);
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test("o total aparece uma vez só na lista e na busca", async ({ page }) => {
      await page.goto(RENT_RANGE);
      const total = await readTotal(page);
      expect(total).toBeGreaterThan(24);
      await expect(page.getByText(/^Mostrando 1–24$/)).toBeVisible();
      expect(await blocksStating(page, total.toLocaleString("pt-BR"))).toBe(1);
      await shot(page, "lista", width);
      await noSidewaysScroll(page, width);

      await page.goto("/busca?q=moema&finalidade=aluguel");
      const line = page.getByText(/[\d.]+ imóveis encontrados/).first();
      await expect(line).toBeVisible();
      const found = /([\d.]+) imóveis encontrados/.exec(await line.innerText())![1];
      expect(await blocksStating(page, found)).toBe(1);
      await shot(page, "busca", width);
      await noSidewaysScroll(page, width);
    });

    test("o ícone da cama tem seu tamanho e “111 m²” não quebra", async ({ page }) => {
      await page.goto(`${LISTINGS_PATH}?area-min=111&area-max=111&quartos=2`);
      const [path] = await cardPaths(page);
      // The card's facts: every icon 16 px, one line each.
      const cardFacts = await resultList(page)
        .locator("li li")
        .evaluateAll((items) =>
          items.slice(0, 8).map((li) => ({
            icon: li.querySelector("svg")?.getBoundingClientRect().width ?? 16,
            lines: Math.round(li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight || "20")),
          })),
        );
      for (const fact of cardFacts) expect(fact.icon).toBeGreaterThanOrEqual(15.5);
      await page.goto(path);
      const facts = page.getByRole("list", { name: "Principais características" });
      await expect(facts.locator('[data-fact="area"]')).toContainText("111 m²");
      const measured = await facts.locator("li").evaluateAll((items) =>
        items.map((li) => {
          const icon = li.querySelector("svg")!.getBoundingClientRect();
          const value = li.children[1] as HTMLElement;
          return {
            fact: li.getAttribute("data-fact"),
            icon: { width: icon.width, height: icon.height },
            valueLines: value.getClientRects().length,
            valueHeight: value.getBoundingClientRect().height,
            lineHeight: parseFloat(getComputedStyle(value).lineHeight),
          };
        }),
      );
      expect(measured.map((m) => m.fact)).toContain("bedrooms");
      for (const m of measured) {
        expect(m.icon, `${m.fact}`).toEqual({ width: 24, height: 24 });
        expect(m.valueLines, `${m.fact}`).toBe(1);
        expect(m.valueHeight, `${m.fact}`).toBeLessThan(m.lineHeight * 1.5);
      }
      await facts.scrollIntoViewIfNeeded();
      await shot(page, "fatos", width);
      await noSidewaysScroll(page, width);
    });

    test("as duas listas de /condominios têm a mesma largura", async ({ page }) => {
      await page.goto("/condominios");
      const widths = await page
        .getByRole("form", { name: "Filtrar condomínios" })
        .locator("select")
        .evaluateAll((selects) => selects.map((s) => s.getBoundingClientRect().width));
      expect(widths).toHaveLength(2);
      expect(Math.abs(widths[0] - widths[1])).toBeLessThan(1);
      await shot(page, "condominios", width);
      await noSidewaysScroll(page, width);
    });

    test("os chips sem imóveis têm contraste AA (4,5:1) no texto e na contagem", async ({ page }) => {
      await page.goto(RENT_RANGE);
      // "Comprar" gives nothing within a rent range: a zero chip, as are other counts of 0.
      const zeroChips = page.locator("form[aria-label='Filtros'] label").filter({ hasText: /^Comprar\s*0$/ });
      await expect(zeroChips).toHaveCount(1);
      const ratios = await contrastOf(
        page,
        "form[aria-label='Filtros'] label:has(input[value='venda']), form[aria-label='Filtros'] label:has(input[value='venda']) span",
      );
      expect(ratios.length).toBeGreaterThanOrEqual(2);
      for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5);
      // And every count of a chip (chosen or not).
      const counts = await contrastOf(page, "form[aria-label='Filtros'] label:has(input[type='radio']) > span");
      for (const ratio of counts) expect(ratio).toBeGreaterThanOrEqual(4.5);
    });

    test("“Pular para os resultados” é das primeiras paradas do Tab e leva o foco aos resultados", async ({ page }) => {
      for (const [path, target] of [
        [LISTINGS_PATH, "resultados"],
        ["/busca?q=moema", "resultados"],
        ["/condominios", "condominios-lista"],
      ] as const) {
        await page.goto(path);
        let stops = 0;
        let label = "";
        while (stops < 20 && label !== "Pular para os resultados") {
          await page.keyboard.press("Tab");
          stops += 1;
          label = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? "");
        }
        expect(label, path).toBe("Pular para os resultados");
        expect(stops, path).toBeLessThanOrEqual(15);
        const skip = page.getByRole("link", { name: "Pular para os resultados" });
        await expect(skip).toBeFocused();
        const box = (await skip.boundingBox())!;
        expect(box.width).toBeGreaterThan(100);
        expect(box.height).toBeGreaterThanOrEqual(44);
        if (path === LISTINGS_PATH) await shot(page, "pular", width);
        await page.keyboard.press("Enter");
        await expect(page.locator(`#${target}`)).toBeFocused();
        await page.keyboard.press("Tab");
        const inResults = await page.evaluate(
          (id) => Boolean(document.activeElement?.closest(`section[aria-labelledby='${id}']`)),
          target,
        );
        expect(inResults, path).toBe(true);
      }
    });
  });
}

test.describe("1366 px", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  test("o resumo do filtro de aluguel aparece inteiro na barra lateral", async ({ page }) => {
    await page.goto(RENT_RANGE);
    const summary = page.locator("form[aria-label='Filtros'] summary", { hasText: "Aluguel mensal" });
    await expect(summary).toContainText("R$ 2.500 a R$ 5.000");
    const value = summary.locator("span").nth(1);
    const cut = await value.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(cut).toBe(false);
    await summary.scrollIntoViewIfNeeded();
    await shot(page, "resumo", 1366);
  });

  test("/busca conta os bairros da finalidade escolhida", async ({ page }) => {
    await page.goto("/busca?q=moema&finalidade=aluguel");
    const line = page.getByText(/[\d.]+ imóveis encontrados/).first();
    const total = parseCount(/([\d.]+) imóveis encontrados/.exec(await line.innerText())![1]);
    const moema = page.locator("form[aria-label='Filtros'] label").filter({ hasText: /^Moema\s*[\d.]+$/ });
    await expect(moema).toHaveCount(1);
    expect(parseCount(await moema.locator("span").innerText())).toBe(total);
  });

  test("a página inicial escreve os totais com separador de milhar", async ({ page }) => {
    await page.goto("/");
    const all = page.getByRole("link", { name: /^Ver todos os [\d.]+ imóveis$/ });
    await expect(all).toBeVisible();
    const text = await all.innerText();
    const n = parseCount(/([\d.]+)/.exec(text)![1]);
    expect(text).toContain(n.toLocaleString("pt-BR"));
  });

  for (const width of WIDTHS) {
    test(`/comparar a ${width} px: coluna de rótulos estreita, melhor valor marcado em texto, custo parcial dito`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // A rent listing with IPTU but no condomínio (partial monthly cost) and two others.
      let partial: string | null = null;
      const others: string[] = [];
      for (let n = 1; n <= 10 && (!partial || others.length < 2); n++) {
        await page.goto(`${LISTINGS_PATH}/aluguel${n > 1 ? `?pagina=${n}` : ""}`);
        await cardPaths(page);
        const cards = resultList(page).locator("[data-listing-code]");
        const partialCard = cards
          .filter({ hasText: /IPTU/ })
          .filter({ hasNotText: /Condomínio/ })
          .first();
        if (!partial && (await partialCard.count())) partial = await partialCard.getAttribute("data-listing-code");
        for (const code of await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-listing-code")))) {
          if (code && code !== partial && others.length < 2) others.push(code);
        }
      }
      expect(partial).not.toBeNull();
      await page.goto(`/comparar?codigos=${[partial, ...others].join(",")}`);
      const table = page.getByRole("table");
      await expect(table).toBeVisible();
      const labelWidth = await table
        .locator("tbody th[scope=row]")
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
      expect(labelWidth).toBeLessThanOrEqual(140);

      const cost = table.locator("tr", { has: page.locator("th", { hasText: /^Custo mensal$/ }) });
      await expect(cost.locator("td").first()).toContainText("Valor parcial: sem condomínio informado");

      // Every mark is in words, and "Maior área" sits on the largest area of the row.
      const marks = table.locator("[data-best]");
      expect(await marks.count()).toBeGreaterThan(0);
      for (const text of await marks.allInnerTexts()) expect(text).toMatch(/(Menor|Maior|Mais) \S+/);
      const area = table.locator("tr", { has: page.locator("th", { hasText: /^Área$/ }) });
      const areas = await area.locator("td").evaluateAll((cells) =>
        cells.map((td) => ({
          value: parseFloat((td.textContent ?? "").replace(/\./g, "").replace(",", ".")) || 0,
          best: !!td.querySelector("[data-best]"),
        })),
      );
      const largest = Math.max(...areas.map((a) => a.value));
      if (new Set(areas.map((a) => a.value)).size > 1) {
        for (const a of areas) expect(a.best, JSON.stringify(areas)).toBe(a.value === largest);
      }
      await shot(page, "comparar", width);
      await noSidewaysScroll(page, width);
    });
  }
});

test.describe("formulário enviado rápido demais", () => {
  let server: SpawnedServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A minimum fill time no test reaches: every send is "too fast".
    server = await spawnServer({
      dataDirPrefix: "rough-edges-e2e-",
      env: { ...EMBEDDED_ENV, FORM_MIN_FILL_MS: "60000" },
    });
    await waitUntil(server, async () => (await fetch(`${server!.url}/lgpd`)).status === 200, {
      timeoutMs: 100_000,
      intervalMs: 250,
      what: "GET /lgpd answered 200",
    });
  });

  test.afterAll(async () => {
    await stopServer(server);
  });

  for (const width of WIDTHS) {
    test(`diz por que recusou, ao lado do formulário (${width} px)`, async ({ page, consoleGuard }) => {
      consoleGuard.expectHttpError(/\/lgpd(\.data)?(\?|$)/, 400);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server!.url}/lgpd`);
      const form = page.getByRole("form", { name: "Fazer uma solicitação" });
      await form.getByLabel("Nome").fill("Titular Apressado");
      await form.getByLabel("E-mail").fill("apressado@exemplo.com.br");
      await form.getByLabel("O que você quer pedir?").selectOption({ label: "Acesso aos meus dados" });
      await form.getByLabel("Detalhes da solicitação").fill("Quero saber quais dados meus vocês guardam.");
      await form.getByRole("button", { name: "Enviar solicitação" }).click();
      const again = page.getByRole("form", { name: "Fazer uma solicitação" });
      const message = again.getByText("Formulário enviado rápido demais. Aguarde alguns segundos e envie de novo.");
      await expect(message).toBeVisible();
      await expect(again.getByLabel("Nome")).toHaveValue("Titular Apressado");
      await message.scrollIntoViewIfNeeded();
      await shot(page, "rapido-demais", width);
    });
  }
});
