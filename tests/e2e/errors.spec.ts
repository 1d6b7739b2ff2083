/**
 * Error screens and URL rules (docs/spec.txt §2 "Error screen", §5, §8; docs/product.md
 * "Public site"):
 * - an unmatched path answers 404 with the spec's texts and a "Voltar para o
 *   início" control that goes back one step in history;
 * - an unknown listing id is the same 404 screen;
 * - a listing URL with a wrong slug answers 301 to its canonical URL;
 * - no malformed filter URL ever gives a 500.
 *
 * These tests run with a normal desktop user agent: headless Chromium's own
 * ("HeadlessChrome") is a bot for isbot, and bots never see the error screen
 * for client-side errors (docs/spec.txt §4; ADR 0003).
 */
import { expect, test } from "./fixtures";
import { DESKTOP_USER_AGENT, LISTINGS_PATH, listingPaths, splitListingPath, waitForHydration } from "./helpers";

test.use({ userAgent: DESKTOP_USER_AGENT });

const NOT_FOUND_TITLE = "Página não encontrada";
const NOT_FOUND_TEXT = "Desculpe, não encontramos a página que você está procurando.";

test.describe("404", () => {
  test("um caminho desconhecido mostra a tela 404 e “Voltar para o início” volta um passo", async ({
    page,
    consoleGuard,
  }) => {
    // A previous page that is not the home page, so "back" and "home" differ.
    await page.goto(`${LISTINGS_PATH}/aluguel`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const missing = "/pagina-que-nao-existe/de-jeito-nenhum";
    consoleGuard.expectHttpError(missing, 404);
    const response = await page.goto(missing);
    expect(response?.status()).toBe(404);

    const screen = page.getByRole("region", { name: NOT_FOUND_TITLE });
    await expect(screen.getByRole("heading", { level: 1, name: NOT_FOUND_TITLE })).toBeVisible();
    await expect(screen.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();
    await expect(screen.getByText("404", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${NOT_FOUND_TITLE}`));
    // The site chrome stays around the error screen.
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();

    await waitForHydration(page);
    await screen.getByRole("link", { name: "Voltar para o início" }).click();
    await expect(page).toHaveURL(`${LISTINGS_PATH}/aluguel`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imóveis para alugar");
  });

  test("um código de imóvel desconhecido mostra a tela 404", async ({ page, request, consoleGuard }) => {
    const [path] = await listingPaths(request);
    const { slug } = splitListingPath(path);
    const unknown = `/detalhes/${slug}/ZZ999999999`;
    consoleGuard.expectHttpError(unknown, 404);
    const response = await page.goto(unknown);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND_TITLE })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar para o início" })).toBeVisible();
  });

  test("um condomínio desconhecido mostra a tela 404", async ({ page, consoleGuard }) => {
    const unknown = "/detalhes/condominio-que-nao-existe-jamais";
    consoleGuard.expectHttpError(unknown, 404);
    const response = await page.goto(unknown);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND_TITLE })).toBeVisible();
  });
});

test("um imóvel com slug errado redireciona (301) para a URL canônica", async ({ page, request }) => {
  const [canonical] = await listingPaths(request, `${LISTINGS_PATH}/venda`);
  const { id } = splitListingPath(canonical);
  const wrong = `/detalhes/slug-errado-qualquer/${id}?utm_source=teste`;

  // The response chain: one 301 straight to the canonical URL, query kept.
  const redirect = await request.get(wrong, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  const location = redirect.headers()["location"];
  expect(location, "Location header").toBeTruthy();
  const target = new URL(location, redirect.url());
  expect(target.pathname).toBe(canonical);
  expect(target.search).toBe("?utm_source=teste");
  const final = await request.get(target.href, { maxRedirects: 0 });
  expect(final.status()).toBe(200);

  // Any other slug leads to the same canonical URL.
  const other = await request.get(`/detalhes/x/${id}`, { maxRedirects: 0 });
  expect(other.status()).toBe(301);
  expect(new URL(other.headers()["location"], other.url()).pathname).toBe(canonical);

  // In the browser: lands on the canonical URL, after the 301.
  const response = await page.goto(wrong);
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()?.url()).toContain(`/detalhes/slug-errado-qualquer/${id}`);
  expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
  await expect(page).toHaveURL(`${canonical}?utm_source=teste`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${canonical}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("URLs de filtro malformadas nunca dão erro 500", async ({ request, page, consoleGuard, baseURL }) => {
  const urls = [
    `${LISTINGS_PATH}/palavra-desconhecida`,
    `${LISTINGS_PATH}/venda-venda`,
    `${LISTINGS_PATH}/venda-aluguel`,
    `${LISTINGS_PATH}/VENDA-Apartamento`,
    `${LISTINGS_PATH}/%E0%A4%A`,
    `${LISTINGS_PATH}/%00`,
    `${LISTINGS_PATH}/%F0%9F%8F%A0`,
    `${LISTINGS_PATH}/${"a-".repeat(600)}a`,
    `${LISTINGS_PATH}/venda/extra/segmentos`,
    `${LISTINGS_PATH}/venda?pagina=abc`,
    `${LISTINGS_PATH}/venda?pagina=-1`,
    `${LISTINGS_PATH}/venda?pagina=0`,
    `${LISTINGS_PATH}/venda?pagina=99999999`,
    `${LISTINGS_PATH}/venda?pagina=1e9`,
    `${LISTINGS_PATH}?preco-min=-5&preco-max=abc`,
    `${LISTINGS_PATH}?preco-min=900000&preco-max=100`,
    `${LISTINGS_PATH}?preco-max=99999999999999999999999`,
    `${LISTINGS_PATH}?quartos=999999`,
    `${LISTINGS_PATH}?quartos=2&quartos=3`,
    `${LISTINGS_PATH}?ordem=%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
    `${LISTINGS_PATH}?finalidade=venda&finalidade=aluguel`,
    `${LISTINGS_PATH}?tipo=&cidade=&bairro=`,
    `${LISTINGS_PATH}?bairro=moema`,
    `${LISTINGS_PATH}?cidade=sao-paulo&bairro=nao-existe`,
    `${LISTINGS_PATH}?local=sao-paulo/nao-existe`,
    `${LISTINGS_PATH}?local=%E0%A4%A`,
    `${LISTINGS_PATH}?codigo=%27%3B%20drop%20table%20listings%3B--`,
    `${LISTINGS_PATH}?bairro[]=x&tipo[$ne]=1`,
    `${LISTINGS_PATH}?%E0%A4%A=1`,
  ];
  const failures: string[] = [];
  const seen = new Set<string>();
  for (const url of urls) {
    // Follow the redirect chain by hand (at most 5 steps), checking every status;
    // a target already checked (e.g. the unfiltered list) is not fetched again.
    let current = new URL(url, baseURL).href;
    for (let step = 0; step < 5 && !seen.has(current); step++) {
      seen.add(current);
      const response = await request.get(current, { maxRedirects: 0 });
      const status = response.status();
      // 400: a malformed escape in a parameter is refused before routing (ADR 0021), on the error screen.
      if (status >= 500 || ![200, 301, 302, 400, 404].includes(status)) {
        failures.push(`${current} → ${status}`);
        break;
      }
      if (status === 301 || status === 302) {
        current = new URL(response.headers()["location"], response.url()).href;
        continue;
      }
      if (status === 404) {
        const body = await response.text();
        // A document request shows the 404 screen (not a bare message).
        if (!body.includes(NOT_FOUND_TITLE)) failures.push(`${current} → 404 without the 404 screen`);
      }
      if (status === 400 && !(await response.text()).includes("Endereço inválido."))
        failures.push(`${current} → 400 without the error screen`);
      break;
    }
  }
  expect(failures).toEqual([]);

  // One of them in the browser: the 404 screen, not the generic error screen.
  const unknownWord = `${LISTINGS_PATH}/palavra-desconhecida`;
  consoleGuard.expectHttpError(unknownWord, 404);
  const response = await page.goto(unknownWord);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND_TITLE })).toBeVisible();
});
