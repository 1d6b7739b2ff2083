/**
 * The filters as the big portals do them (ADR 0037): on a 360 px phone a
 * full-screen sheet where choices do not reload the page and "Ver N imóveis"
 * counts live (the same N the list then shows), the same form working
 * without JavaScript; on a 1366 px screen collapsible sections whose closed
 * summary tells what is set; `/busca` with sort, filters, one "Mostrando"
 * and a notice when the type typed has no listing; search fields whose
 * placeholder and typed words fit at 360 px; breadcrumbs whose "›" never
 * starts a line. Data: the embedded sandbox catalogue; assertions on
 * behaviour, never on fixed listings.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  cardPaths,
  DESKTOP_VIEWPORT,
  formatCount,
  LISTINGS_PATH,
  parseCount,
  PHONE_VIEWPORT,
  readTotal,
  waitForHydration,
} from "./helpers";

/** axe-core's browser script (axe-core comes with the `lighthouse` dev dependency). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Marks the document: the mark survives client-side navigations only. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

/** The sheet's "Ver N imóveis" button. */
function applyButton(dialog: Locator): Locator {
  return dialog.getByRole("button", { name: /^(Ver [\d.]+ imóve(l|is)|Nenhum imóvel encontrado)$/ });
}

/** Waits until the sheet's count differs from `previous`, and returns it. */
async function nextCount(dialog: Locator, previous: number): Promise<number> {
  let value = previous;
  await expect
    .poll(async () => {
      value = parseCount((await applyButton(dialog).innerText()).replace("Nenhum", "0"));
      return value;
    })
    .not.toBe(previous);
  return value;
}

/**
 * Whether the text of `input` (its value, or its placeholder when empty)
 * fits its content box: the text's width measured with a canvas in the
 * input's own font.
 */
async function textFits(input: Locator): Promise<{ text: string; width: number; room: number }> {
  return input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.value || el.placeholder;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, width: context.measureText(text).width, room };
  });
}

test.describe("celular (360 × 800)", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test("a folha de filtros conta ao vivo sem navegar e aplica numa navegação só", async ({ page }) => {
    await page.goto(LISTINGS_PATH);
    await waitForHydration(page);
    await markDocument(page);
    const total = await readTotal(page);
    const form = page.getByRole("form", { name: "Filtros" });
    await expect(form).toBeHidden();

    await page.getByText("Filtros", { exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Filtrar imóveis" });
    await expect(dialog).toBeVisible();
    // The page behind does not scroll; focus starts inside the sheet.
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await expect(dialog.getByRole("button", { name: "Fechar filtros" })).toBeFocused();
    await expect(applyButton(dialog)).toHaveText(`Ver ${formatCount(total)} imóveis`);

    // A choice updates the count, never the URL.
    await dialog.getByRole("radio", { name: /^Alugar/ }).check();
    const rentCount = await nextCount(dialog, total);
    expect(rentCount).toBeLessThan(total);
    await dialog.getByRole("radio", { name: /^2 ou mais quartos/ }).check();
    const count = await nextCount(dialog, rentCount);
    expect(count).toBeLessThan(rentCount);
    expect(new URL(page.url()).pathname).toBe(LISTINGS_PATH);
    // The closed "Vagas de garagem" section tells nothing is set; "Finalidade e tipo" says "Alugar".
    await expect(dialog.locator("summary", { hasText: "Finalidade e tipo" })).toContainText("Alugar");

    // Tab stays inside the sheet: from the last control back to "Fechar".
    await applyButton(dialog).focus();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Fechar filtros" })).toBeFocused();

    // Applying navigates once, client-side, to the count announced.
    await applyButton(dialog).click();
    await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel?quartos=2`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imóveis para alugar com 2+ quartos");
    expect(await readTotal(page)).toBe(count);
    await expect(dialog).toBeHidden();
    expect(await sameDocument(page)).toBe(true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
    // The button shows how many filters are set.
    await expect(page.locator("summary", { hasText: "Filtros" })).toContainText("2");

    // "Limpar" resets the sheet and counts everything again; Esc closes without applying.
    await page.getByText("Filtros", { exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Limpar" }).click();
    await expect(applyButton(dialog)).toHaveText(`Ver ${formatCount(total)} imóveis`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel?quartos=2`);
  });

  test.describe("sem JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("o botão Filtros abre o mesmo formulário, que filtra por GET", async ({ page }) => {
      await page.goto(LISTINGS_PATH);
      const form = page.getByRole("form", { name: "Filtros" });
      await expect(form).toBeHidden();
      await page.getByText("Filtros", { exact: true }).click();
      await expect(form).toBeVisible();
      await form.getByRole("radio", { name: /^Alugar/ }).check();
      await form.getByRole("radio", { name: /^2 ou mais quartos/ }).check();
      await form.getByRole("button", { name: "Ver imóveis" }).click();
      await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel?quartos=2`);
      expect(await readTotal(page)).toBeGreaterThan(0);
    });

    test("todos os bairros da cidade estão no formulário", async ({ page }) => {
      await page.goto(`${LISTINGS_PATH}/sao-paulo`);
      await page.getByText("Filtros", { exact: true }).click();
      const neighbourhoods = page.getByRole("form", { name: "Filtros" }).getByRole("group", { name: "Bairros" });
      // The first eight and, from the <noscript> list, every other one of the city.
      expect(await neighbourhoods.getByRole("checkbox").count()).toBeGreaterThan(20);
      await expect(neighbourhoods.getByRole("button", { name: /^Ver todos os/ })).toHaveCount(0);
    });
  });

  test("os campos de busca mostram o exemplo e as palavras digitadas inteiros", async ({ page }) => {
    await page.goto("/");
    const home = await textFits(page.locator("#busca-texto"));
    expect(home.width, `"${home.text}"`).toBeLessThanOrEqual(home.room);

    await page.goto("/busca");
    const empty = await textFits(page.locator("#q"));
    expect(empty.width, `"${empty.text}"`).toBeLessThanOrEqual(empty.room);

    await page.goto("/busca?q=moema+3+quartos");
    const input = page.locator("#q");
    await expect(input).toHaveValue("moema 3 quartos");
    const typed = await textFits(input);
    expect(typed.width, `"${typed.text}"`).toBeLessThanOrEqual(typed.room);
    // The button keeps its accessible name with only the icon shown.
    await expect(
      page.getByRole("search", { name: "Busca por texto" }).getByRole("button", { name: "Buscar" }),
    ).toBeVisible();
  });

  test("o separador › das migalhas nunca começa uma linha", async ({ page }) => {
    await page.goto(`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo-moema`);
    const [listing] = await cardPaths(page);
    for (const path of [`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo-moema`, listing]) {
      await page.goto(path);
      const crumbs = page.getByRole("navigation", { name: "Você está em" }).getByRole("listitem");
      expect(await crumbs.count()).toBeGreaterThan(1);
      const lines = await crumbs.evaluateAll((items) =>
        items.map((li) => ({
          before: getComputedStyle(li, "::before").content,
          text: (li.textContent ?? "").trim(),
        })),
      );
      // A line starts with a crumb: nothing is drawn before one, and its text never starts with "›".
      for (const line of lines) {
        expect(["none", "normal"]).toContain(line.before);
        expect(line.text.startsWith("›")).toBe(false);
      }
    }
  });
});

test.describe("tela larga (1366 × 900)", () => {
  test.use({ viewport: DESKTOP_VIEWPORT });

  test("opções que dariam zero imóveis ficam legíveis: contraste AA, não meio transparentes", async ({ page }) => {
    await page.goto(`${LISTINGS_PATH}/aluguel-apartamento-sao-paulo-moema`);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Filtros" });
    // Some options of a narrow search count zero listings: those are the ones this checks.
    const zeroOptions = form.locator("label").filter({ has: page.locator("span", { hasText: /^0$/ }) });
    expect(await zeroOptions.count()).toBeGreaterThan(0);
    for (const opacity of await zeroOptions.evaluateAll((labels) =>
      labels.map((label) => getComputedStyle(label).opacity),
    ))
      expect(opacity).toBe("1");
    await page.evaluate(AXE_SOURCE);
    const lowContrast = await page.evaluate(async () => {
      type Result = { violations: { nodes: { html: string }[] }[] };
      const { axe } = window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } };
      const result = await axe.run(
        { include: [['form[aria-label="Filtros"]']] },
        { runOnly: { type: "rule", values: ["color-contrast"] } },
      );
      return result.violations.flatMap((violation) => violation.nodes.map((node) => node.html.slice(0, 120)));
    });
    expect(lowContrast).toEqual([]);
  });

  test("bairros: os marcados e os com mais imóveis primeiro, os outros quando pedidos", async ({ page }) => {
    await page.goto(`${LISTINGS_PATH}/sao-paulo`);
    await waitForHydration(page);
    const neighbourhoods = page.getByRole("form", { name: "Filtros" }).getByRole("group", { name: "Bairros" });
    const boxes = neighbourhoods.getByRole("checkbox");
    await expect(boxes).toHaveCount(8);
    // The eight shown have at least as many listings as any other (the counts are in the labels).
    const shownCounts = (await boxes.evaluateAll((inputs) => inputs.map((i) => i.parentElement!.textContent!))).map(
      (text) => parseCount(/([\d.]+)$/.exec(text)![1]!),
    );
    const more = neighbourhoods.getByRole("button", { name: /^Ver todos os [\d.]+ bairros$/ });
    const all = parseCount(/([\d.]+) bairros/.exec(await more.innerText())![1]!);
    expect(all).toBeGreaterThan(8);
    await more.click();
    await expect(boxes).toHaveCount(all);
    const allCounts = (await boxes.evaluateAll((inputs) => inputs.map((i) => i.parentElement!.textContent!))).map(
      (text) => parseCount(/([\d.]+)$/.exec(text)![1]!),
    );
    const eighth = [...allCounts].sort((a, b) => b - a)[7]!;
    expect(Math.min(...shownCounts)).toBeGreaterThanOrEqual(eighth);
    // The focus moves to the first neighbourhood added, not to the page.
    await expect(page.locator(":focus")).toHaveAttribute("type", "checkbox");
    // Searching lists every match, shown first or not.
    await page.goto(`${LISTINGS_PATH}/sao-paulo`);
    await waitForHydration(page);
    await neighbourhoods.getByRole("searchbox", { name: "Procurar bairro" }).fill("a");
    expect(await boxes.count()).toBeGreaterThan(8);
  });

  test("seções recolhíveis: as mais usadas abertas, as outras com o resumo do que está marcado", async ({ page }) => {
    await page.goto(LISTINGS_PATH);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Filtros" });
    await expect(form).toBeVisible();
    // Open: purpose and type, location, price, bedrooms. Closed: parking, amenities…
    await expect(form.getByRole("radio", { name: /^Alugar/ })).toBeVisible();
    await expect(form.getByRole("checkbox", { name: /^Moema\s*[\d.]+$/ })).toBeVisible();
    await expect(form.getByRole("group", { name: "Preço (R$)" }).getByLabel("Máximo")).toBeVisible();
    await expect(form.getByRole("radio", { name: /^3 ou mais quartos/ })).toBeVisible();
    await expect(form.getByRole("radio", { name: /^2 ou mais vagas/ })).toBeHidden();
    await expect(form.getByRole("checkbox", { name: /^Piscina\s*[\d.]+$/ })).toBeHidden();
    // No scroll area of its own: the sidebar is as tall as its content.
    const panel = await form.evaluate((el) => {
      const details = el.closest("details")!;
      return {
        scroll: details.scrollHeight,
        client: details.clientHeight,
        overflow: getComputedStyle(details).overflowY,
      };
    });
    expect(panel.overflow).toBe("visible");
    expect(panel.scroll).toBeLessThanOrEqual(panel.client + 1);

    // Open "Vagas de garagem", choose 2+: applied at once (wide screens keep auto-apply).
    const parking = form.locator("summary", { hasText: "Vagas de garagem" });
    await parking.click();
    await form.getByRole("radio", { name: /^2 ou mais vagas/ }).check();
    await expect(page).toHaveURL(`${LISTINGS_PATH}?vagas=2`);
    await expect(page.getByText(/Filtros aplicados: 2\+ vagas/)).toBeAttached();
    // Still open after the navigation; closed, its summary says what is set.
    await expect(form.getByRole("radio", { name: /^2 ou mais vagas/ })).toBeChecked();
    await form.locator("summary", { hasText: "Vagas de garagem" }).click();
    await expect(form.getByRole("radio", { name: /^2 ou mais vagas/ })).toBeHidden();
    await expect(form.locator("summary", { hasText: "Vagas de garagem" })).toHaveText(/Vagas de garagem\s*2\+/);
  });

  test("/busca tem ordenação, filtros, um só “Mostrando” e avisa quando o tipo não existe", async ({ page }) => {
    await page.goto("/busca?q=casa+com+piscina");
    await waitForHydration(page);
    await expect(page.getByText("Não encontramos casas com piscina. Veja outros imóveis com piscina.")).toBeVisible();
    await expect(page.getByText(/Mostrando/)).toHaveCount(1);
    const form = page.getByRole("form", { name: "Filtros" });
    await expect(form).toBeVisible();
    await expect(form.locator("summary", { hasText: "Comodidades" })).toContainText("Piscina");
    const total = parseCount(
      await page
        .getByText(/Mostrando/)
        .innerText()
        .then((t) => t.split(" de ")[1]),
    );
    expect(total).toBeGreaterThan(0);

    // Sort keeps the query.
    await page.getByLabel("Ordenar por").selectOption({ label: "Maior preço" });
    await expect(page).toHaveURL(/\/busca\?q=casa(\+|%20)com(\+|%20)piscina&ordem=maior-preco$/);
    await expect(page.getByText("Não encontramos casas com piscina. Veja outros imóveis com piscina.")).toBeVisible();

    // A filter narrows the same search.
    await form.getByRole("radio", { name: /^Alugar/ }).check();
    await expect(page).toHaveURL(/\/todos-os-imoveis\/aluguel\?.*comodidades=piscina/);
    expect(await readTotal(page)).toBeLessThan(total);
  });

  test("/busca com texto livre mantém as palavras ao filtrar", async ({ page }) => {
    await page.goto("/busca?q=edificio");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Filtros" });
    await form.getByRole("radio", { name: /^Alugar/ }).check();
    await expect(page).toHaveURL(/\/busca\?q=edificio&finalidade=aluguel$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Busca: “edificio”");
    await expect(page.getByText(/Mostrando|imóve(l|is) encontrados?/).first()).toBeVisible();
  });
});
