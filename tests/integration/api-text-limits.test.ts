/**
 * The public contact endpoints of the JSON API on a real database (PGlite as
 * the process database): a NUL byte or a line break inside a text of the
 * JSON body is a 400 with the message beside the field, never a database
 * error (PostgreSQL refuses NUL in `text`), and nothing is stored. A valid
 * body is still stored.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "~/.server/db/schema";
import { resetSingletons, setSingleton } from "~/.server/singleton";
import * as apiMoreInfo from "~/routes/api-email-more-information";
import * as apiSell from "~/routes/api-email-sell-property";
import { answer } from "./helpers/auth-env";
import { createTestPglite, type TestDatabase } from "./helpers/database";
import { INFO_REQUEST, SELL_REQUEST } from "./helpers/fixtures";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestPglite();
  setSingleton("database", test.database);
}, 60_000);
afterAll(async () => {
  resetSingletons(["database"]);
  await test?.cleanup();
});

let ip = 0;
function post(path: string, body: string): ActionFunctionArgs {
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  return { request, params: {}, context: { clientIp: `10.20.0.${++ip}` } } as unknown as ActionFunctionArgs;
}

const sell = SELL_REQUEST;
const info = INFO_REQUEST;

const endpoints = [
  { path: "/api/email/sell-property", action: apiSell.action, body: sell },
  { path: "/api/email/more-information", action: apiMoreInfo.action, body: info },
] as const;

describe.each(endpoints)("POST $path", ({ path, action, body }) => {
  it.each(Object.keys(body))("a NUL inside %s → 400 beside the field, nothing stored", async (field) => {
    const value = (body as Record<string, string>)[field]!;
    // JSON.stringify writes the NUL as \u0000, as an attacker's client would.
    const raw = JSON.stringify({ ...body, [field]: `${value.slice(0, 2)}\u0000${value.slice(2)}` });
    expect(raw).toContain("\\u0000");
    const before = (await test.database.db.select().from(leads)).length;
    const response = await answer(() => action(post(path, raw)));
    expect(response.status).toBe(400);
    const answerBody = (await response.json()) as { error: string; fieldErrors?: Record<string, string[]> };
    expect(answerBody.fieldErrors?.[field]?.[0]).toMatch(/\S/);
    expect((await test.database.db.select().from(leads)).length).toBe(before);
  });

  it("a CR/LF inside the name → 400 with the one-line message", async () => {
    const response = await answer(() =>
      action(post(path, JSON.stringify({ ...body, name: "Ana\r\nBcc: x@evil.example" }))),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.name).toEqual([
      "Use apenas uma linha, sem caracteres de controle.",
    ]);
  });

  it("a valid body is stored (201)", async () => {
    const response = await answer(() => action(post(path, JSON.stringify(body))));
    expect(response.status).toBe(201);
  });
});
