/**
 * Users end to end (invite a user and promote them; ADR 0018), in Chromium (desktop) on the embedded defaults: the seeded admin
 * invites a broker on /admin/usuarios, the invitation e-mail (an .eml in the
 * server's outbox) links to the set-password page, the broker creates the
 * password and signs in through the login form, then the admin promotes them
 * to admin and the roles page lists both roles. The e-mail is unique per run
 * (the server is shared by every spec). Without JavaScript, the admin sees a
 * broker's active sessions and ends them (ADR 0020).
 */
import type { Page } from "@playwright/test";
import {
  addSessionCookie,
  ADMIN_EMAIL,
  adminPassword,
  createBroker,
  isolatedRequest,
  outboxMessagesTo,
  SESSION_COOKIE,
  sessionCookieFor,
} from "./auth-helpers";
import { consentStorageState, expect, test } from "./fixtures";
import { installHydrationProbe, waitForHydration } from "./helpers";

const toasts = (page: Page) => page.getByRole("region", { name: "Notificações" });

/** The set-password link of the newest invitation to `to` (quoted-printable undone). */
function invitationLink(to: string): string | null {
  const messages = outboxMessagesTo(to);
  const raw = messages.at(-1);
  if (!raw) return null;
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return (
    /https?:\/\/[^\s"<>]+\/login-corretores\/definir-senha\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/.exec(text)?.[0] ??
    null
  );
}

test("o admin convida um usuário, ele cria a senha e entra; depois é promovido a administrador", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `convite-${Date.now()}@corretores.example`;
  const adminCookie = await sessionCookieFor(ADMIN_EMAIL, adminPassword());
  await addSessionCookie(page.context(), baseURL!, adminCookie);

  await page.goto("/admin/usuarios");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
  const invite = page.getByRole("form", { name: "Convidar usuário" });
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Nome").fill("Gabriela Convidada");
  await invite.getByLabel("Telefone (opcional)").fill("");
  await invite.getByLabel("Papel").selectOption("agent");
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(toasts(page)).toContainText("Convite enviado");
  const card = page.getByTestId("usuario").filter({ hasText: email });
  await expect(card).toContainText("Corretor");
  await expect(card).toContainText("Convite pendente");

  // The invitee, in a fresh browser context, follows the e-mailed link.
  await expect.poll(() => invitationLink(email)).not.toBeNull();
  const link = new URL(invitationLink(email)!);
  const invitee = await browser.newContext({ baseURL, storageState: consentStorageState });
  await installHydrationProbe(invitee);
  const inviteeErrors: string[] = [];
  const inviteePage = await invitee.newPage();
  inviteePage.on("console", (message) => {
    if (message.type() === "error") inviteeErrors.push(message.text());
  });
  await inviteePage.goto(`${link.pathname}${link.search}`);
  await waitForHydration(inviteePage);
  await inviteePage.getByLabel("Nova senha", { exact: true }).fill("senha-da-gabriela");
  await inviteePage.getByLabel("Repita a nova senha").fill("senha-da-gabriela");
  await inviteePage.getByRole("button", { name: "Criar a senha" }).click();
  await expect(inviteePage).toHaveURL(/\/login-corretores$/);
  await expect(inviteePage.getByRole("region", { name: "Notificações" })).toContainText("Senha criada");
  await inviteePage.getByLabel("E-mail").fill(email);
  await inviteePage.getByLabel("Senha", { exact: true }).fill("senha-da-gabriela");
  await inviteePage.getByRole("button", { name: "Entrar" }).click();
  await expect(inviteePage).toHaveURL(/\/painel/);
  expect(inviteeErrors).toEqual([]);
  await invitee.close();

  // The admin promotes them.
  await page.reload();
  await waitForHydration(page);
  await expect(card).not.toContainText("Convite pendente");
  await card.getByRole("button", { name: `Promover ${email} a administrador` }).click();
  await expect(toasts(page)).toContainText("Promovido a administrador");
  await expect(card).toContainText("Administrador");

  await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Papéis" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Papéis" })).toBeVisible();
  await expect(page.getByTestId("papel")).toHaveCount(2);
  await expect(page.getByTestId("papel").first()).toContainText("Administrador");
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("o admin vê as sessões ativas de um corretor e encerra uma e depois todas", async ({ page, baseURL }) => {
    const broker = await createBroker({ uid: "sessoes" });
    const first = await sessionCookieFor(broker.email, broker.password);
    const second = await sessionCookieFor(broker.email, broker.password);
    const panel = async (cookie: string) =>
      (await isolatedRequest("GET", "/painel", { headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } })).status;
    expect([await panel(first), await panel(second)]).toEqual([200, 200]);

    const adminCookie = await sessionCookieFor(ADMIN_EMAIL, adminPassword());
    await addSessionCookie(page.context(), baseURL!, adminCookie);
    await page.goto(`/admin/usuarios?editar=${broker.uid}`);
    const sessions = page.getByRole("region", { name: `Sessões ativas de ${broker.email}` });
    await expect(sessions.getByTestId("sessao")).toHaveCount(2);
    await expect(sessions.getByTestId("sessao").first()).toContainText("Navegador");
    await expect(sessions.getByTestId("sessao").first()).toContainText(/Criada em\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    await sessions
      .getByTestId("sessao")
      .first()
      .getByRole("button", { name: /^Encerrar a sessão/ })
      .click();
    await expect(page).toHaveURL(`${baseURL}/admin/usuarios?editar=${broker.uid}`);
    await expect(sessions.getByTestId("sessao")).toHaveCount(1);
    expect([await panel(first), await panel(second)].sort()).toEqual([200, 302]);

    await sessions.getByRole("button", { name: "Encerrar todas as sessões" }).click();
    await expect(sessions.getByText("Nenhuma sessão ativa.")).toBeVisible();
    expect([await panel(first), await panel(second)]).toEqual([302, 302]);
  });
});
