/**
 * Brokers sign in (ADR 0016), in Chromium against the production
 * server and its embedded Firebase Auth emulator: sign-in without and with
 * JavaScript, the wrong-password message, the header's signed-in state and
 * sign-out (the old cookie no longer works), a revoked session, a
 * rate-limited login, the password reset end to end (code read from the
 * server's outbox), and the broker area (private panel, /painel).
 */
import { consentStorageState, expect, test } from "./fixtures";
import {
  ADMIN_EMAIL,
  adminPassword,
  createBroker,
  outboxMessagesTo,
  revokeSessions,
  SESSION_COOKIE,
  sessionCookieFor,
  signIn,
} from "./auth-helpers";
import { listingPaths, splitListingPath, waitForHydration } from "./helpers";

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("o painel pede o login e volta para ele depois de entrar", async ({ page, baseURL }) => {
    await page.goto("/painel");
    await expect(page).toHaveURL(`${baseURL}/login-corretores?redirectTo=%2Fpainel`);
    await expect(page.getByRole("heading", { level: 1, name: "Área do corretor" })).toBeVisible();
    await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
    await page.getByLabel("Senha").fill(adminPassword());
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(`${baseURL}/painel`);
    await expect(page.getByRole("heading", { level: 1, name: "Painel do corretor" })).toBeVisible();
    await expect(page.getByTestId("barra-corretor")).toHaveText(/^Administrador\s*Administração\s*Sair$/);
  });

  test("no imóvel, o corretor sem JavaScript vê o quadro dos dados internos com o link para eles", async ({
    page,
    context,
    baseURL,
  }) => {
    const broker = await createBroker({ uid: "painel-sem-js", brokerCode: "8", displayName: "Beatriz Sem JS" });
    await signIn(context, baseURL!, broker);
    const [path] = await listingPaths(page.request);
    await page.goto(path!);
    const panel = page.getByTestId("painel-privado");
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText(/^Dados internos do imóvel \S+$/);
    const code = splitListingPath(path!).id;
    await expect(panel.getByRole("link", { name: "Abrir os dados internos" })).toHaveAttribute(
      "href",
      `/painel/imovel/${code}`,
    );
    // No owner data in a page that loaded no script.
    await expect(panel.locator("[data-private]")).toHaveCount(0);
  });

  test("um login limitado mostra a mensagem ao lado do formulário", async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError(/\/login-corretores$/, 401);
    consoleGuard.expectHttpError(/\/login-corretores$/, 429);
    const broker = await createBroker({ uid: "limite" });
    await page.goto("/login-corretores");
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.getByLabel("E-mail").fill(broker.email);
      await page.getByLabel("Senha").fill(`errada-${attempt}`);
      await page.getByRole("button", { name: "Entrar" }).click();
      const alert = page.getByRole("alert");
      if (attempt < 6) await expect(alert).toHaveText("E-mail ou senha incorretos.");
      else await expect(alert).toHaveText(/^Muitas tentativas\. Tente novamente em 1[45] minutos\.$/);
    }
  });
});

test("com JavaScript: senha errada, entrar, cabeçalho, sair (o cookie antigo deixa de valer)", async ({
  page,
  context,
  baseURL,
  consoleGuard,
}) => {
  const broker = await createBroker({ uid: "carla", brokerCode: "7" });
  await page.goto("/login-corretores?redirectTo=%2Fcondominios");
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(broker.email);
  await page.getByLabel("Senha").fill("senha-errada");
  consoleGuard.expectHttpError(/\/login-corretores/, 401);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");

  await page.getByLabel("Senha").fill(broker.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(`${baseURL}/condominios`);
  const bar = page.getByTestId("barra-corretor");
  await expect(bar).toContainText("Carla Corretora · Corretor");
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");

  await waitForHydration(page);
  await bar.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByText("Você saiu da área do corretor.")).toBeVisible();
  await expect(page.getByTestId("barra-corretor")).toHaveCount(0);
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

  // The old cookie, replayed, is refused.
  const replay = await page.request.get("/painel", {
    headers: { Cookie: `${SESSION_COOKIE}=${cookie!.value}` },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(302);
  expect(replay.headers().location).toBe("/login-corretores?redirectTo=%2Fpainel");
});

test("uma sessão revogada é recusada nos dados internos", async ({ playwright, baseURL }) => {
  const broker = await createBroker({ uid: "revogado" });
  const api = await playwright.request.newContext({ baseURL });
  const cookie = await sessionCookieFor(broker.email, broker.password);
  const headers = { Cookie: `${SESSION_COOKIE}=${cookie}` };
  const [path] = await listingPaths(api);
  const code = splitListingPath(path!).id;
  expect((await api.get(`/painel/imovel/${code}/dados`, { headers })).status()).toBe(200);
  // Firebase revocation has a one-second resolution: revoke in the next second.
  await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
  await revokeSessions(broker.uid);
  expect((await api.get(`/painel/imovel/${code}/dados`, { headers })).status()).toBe(401);
  await api.dispose();
});

test("redefinição de senha de ponta a ponta (código lido do e-mail)", async ({ page, baseURL }) => {
  const broker = await createBroker({ uid: "esqueceu" });
  const before = outboxMessagesTo(broker.email).length;
  await page.goto("/login-corretores");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page).toHaveURL(`${baseURL}/login-corretores/reset-de-senha`);
  // The URL changes before React renders the new page: wait for the reset form
  // itself, or the e-mail would go into the sign-in form that is leaving.
  await expect(page.getByRole("button", { name: "Enviar código" })).toBeVisible();
  await page.getByLabel("E-mail").fill(broker.email);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Se houver uma conta com este e-mail, enviamos um código de 6 números. Ele vale por 15 minutos.",
  );
  await expect.poll(() => outboxMessagesTo(broker.email).length).toBe(before + 1);
  const mail = outboxMessagesTo(broker.email)
    .at(-1)!
    .replace(/=\r?\n/g, "");
  const code = /Seu c(?:ó|=C3=B3)digo: (\d{6})/.exec(mail)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await expect(page.getByLabel("E-mail")).toHaveValue(broker.email);
  await page.getByLabel("Código").fill(code!);
  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-123");
  await page.getByLabel("Repita a nova senha").fill("nova-senha-123");
  await page.getByRole("button", { name: "Salvar a nova senha" }).click();
  await expect(page).toHaveURL(`${baseURL}/login-corretores`);
  await expect(page.getByText("Senha alterada")).toBeVisible();

  await page.getByLabel("E-mail").fill(broker.email);
  await page.getByLabel("Senha").fill("nova-senha-123");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(`${baseURL}/painel`);

  // The same answer for an e-mail without an account, and no e-mail is sent.
  const api = page.request;
  const unknown = await api.post("/login-corretores/reset-de-senha", {
    form: { intent: "request", email: "ninguem@corretores.example" },
    headers: { Origin: baseURL! },
  });
  expect(unknown.status()).toBe(200);
  expect(await unknown.text()).toContain("Se houver uma conta com este e-mail");
  expect(outboxMessagesTo("ninguem@corretores.example")).toHaveLength(0);
});

test("área do corretor: painel privado no imóvel, meus imóveis e busca por código", async ({
  page,
  context,
  baseURL,
}) => {
  const broker = await createBroker({ uid: "painel", brokerCode: "7", displayName: "Carlos Eduardo" });
  await signIn(context, baseURL!, broker);

  await page.goto("/painel");
  await expect(page.getByRole("heading", { level: 1, name: "Painel do corretor" })).toBeVisible();
  // "Meus imóveis" is its own page (ADR 0081): /painel opens on the broker's leads.
  await page.getByRole("link", { name: "Meus imóveis" }).click();
  await expect(page).toHaveURL(`${baseURL}/painel/imoveis`);
  const mine = page.getByTestId("meus-imoveis").locator("tbody tr");
  await expect(mine.first()).toBeVisible();
  const firstCode = (await mine.first().getAttribute("data-code"))!;
  await page.goto("/painel");

  await page.getByLabel("Código do imóvel").fill(firstCode);
  await page.getByRole("button", { name: "Ver dados internos" }).click();
  await expect(page).toHaveURL(`${baseURL}/painel/imovel/${firstCode}`);
  await expect(page.getByRole("heading", { level: 1, name: `Dados internos do imóvel ${firstCode}` })).toBeVisible();
  await expect(page.locator('[data-private="owner-name"]').first()).not.toBeEmpty();

  // The listing page: the panel loads after hydration for the signed-in broker only.
  await page.getByRole("link", { name: "Página pública do imóvel" }).click();
  await waitForHydration(page);
  const panel = page.getByTestId("painel-privado");
  await expect(panel.locator('[data-private="owner-name"]').first()).toBeVisible();
  const listingUrl = page.url();

  const anonymous = await context.browser()!.newContext({ storageState: consentStorageState });
  const other = await anonymous.newPage();
  await other.goto(listingUrl);
  await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(other.getByTestId("painel-privado")).toHaveCount(0);
  await anonymous.close();
});
