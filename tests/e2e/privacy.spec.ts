/**
 * A data-subject request end to end in Chromium against the production
 * build (ADR 0031): a visitor sends an LGPD request on `/lgpd` with a unique
 * e-mail; the seeded admin (session seeded from the login POST, docs/style.md
 * §11) finds it on `/admin/lgpd` with its deadline, searches the person,
 * downloads the JSON export and reads it, anonymises with a reason (the
 * destructive button asks for a second click), and then the search finds
 * nothing for that e-mail while the audit trail shows the action.
 */
import fs from "node:fs/promises";
import { addSessionCookie, ADMIN_EMAIL, adminPassword, sessionCookieFor } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./helpers";

test("o admin encontra, exporta e anonimiza os dados de quem fez um pedido LGPD", async ({
  page,
  context,
  baseURL,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Titular Privacidade ${stamp}`;
  const email = `titular-priv-${stamp}@exemplo.com.br`;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "10.42.0.7" });

  // The visitor's request.
  await page.goto("/lgpd");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Fazer uma solicitação" });
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("O que você quer pedir?").selectOption({ label: "Eliminação (exclusão) de dados" });
  await form.getByLabel("Detalhes da solicitação").fill("Quero que apaguem os meus dados.");
  await form.getByRole("button", { name: "Enviar solicitação" }).click();

  // The admin.
  const value = await sessionCookieFor(ADMIN_EMAIL, adminPassword());
  await addSessionCookie(context, baseURL!, value);
  const requestRow = page.getByTestId("pedido-lgpd").filter({ hasText: email });
  await expect
    .poll(
      async () => {
        await page.goto("/admin/lgpd");
        return requestRow.count();
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(1);
  await expect(requestRow).toContainText("vence em 15 dias");
  await expect(requestRow).toContainText("Eliminação (exclusão) de dados");
  await expect(requestRow).toContainText("Novo");

  await requestRow.getByRole("link", { name: "Buscar dados" }).click();
  await expect(page).toHaveURL(`/admin/lgpd?q=${encodeURIComponent(email)}`);
  const result = page.getByTestId("resultado-titular");
  await expect(result.getByRole("heading", { level: 2 })).toContainText(`de ${email}`);
  await expect(page.getByTestId("contagens").locator('[data-source="leads"]')).toHaveText("Contatos (leads): 1");
  await expect(page.getByTestId("origem-leads")).toContainText(name);

  const downloading = page.waitForEvent("download");
  await page.getByTestId("exportar-json").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^dados-pessoais-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await fs.readFile((await download.path())!, "utf8")) as {
    subject: { value: string };
    sources: { leads: { count: number; records: { fields: { name: string; email: string; kind: string } }[] } };
  };
  expect(exported.subject.value).toBe(email);
  expect(exported.sources.leads.count).toBe(1);
  expect(exported.sources.leads.records[0]!.fields).toMatchObject({ name, email, kind: "lgpd" });

  await waitForHydration(page);
  const anonymise = page.getByTestId("form-anonymise");
  await anonymise.getByLabel("Motivo").fill(`Pedido de eliminação ${stamp}`);
  await anonymise.getByRole("button", { name: "Anonimizar os dados" }).click();
  await anonymise.getByRole("button", { name: "Confirmar: anonimizar os dados" }).click();

  await expect(page.getByRole("region", { name: "Notificações" })).toContainText("Dados anonimizados");
  await expect(result.getByRole("heading", { level: 2 })).toHaveText(`Nenhum registro de ${email}`);
  await expect(page.getByTestId("origem-leads")).toHaveCount(0);
  const auditRow = page.getByTestId("acao-lgpd").filter({ hasText: `Pedido de eliminação ${stamp}` });
  await expect(auditRow).toHaveCount(1);
  await expect(auditRow).toContainText("Anonimização");
  await expect(auditRow).toContainText(ADMIN_EMAIL);
  await expect(auditRow).not.toContainText(email);
  await expect(page.getByTestId("pedido-lgpd").filter({ hasText: email })).toHaveCount(0);
});
