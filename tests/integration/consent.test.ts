/**
 * The consent form's action (`/preferencias-de-cookies`, app/routes/consent.ts)
 * as Remix calls it: a no-JS post answers 303 back to a same-site path with
 * the 6-month consent cookie; a foreign return path goes to "/"; "configurar"
 * goes to the preferences on /lgpd; a fetcher post gets JSON; junk is a 400.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_FETCHER_FIELD, CONSENT_MAX_AGE_SECONDS, readConsent } from "~/lib/consent";
import { CONSENT_PATH } from "~/lib/paths";
import * as consent from "~/routes/consent";
import { answer, siteRequest } from "./helpers/loaders";

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "imobiliaria-consent-"));
  process.env.DATA_DIR = dataDir;
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Posts `fields` to the consent action. */
function post(fields: Record<string, string>) {
  const request = siteRequest(CONSENT_PATH, { method: "POST", body: new URLSearchParams(fields) });
  return answer(() => consent.action({ request, params: {}, context: {} } as unknown as ActionFunctionArgs));
}

/** The consent cookie a response sets (Set-Cookie line), or undefined. */
function consentCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith("consentimento="));
}

describe("consent action without JavaScript", () => {
  it("rejecting sets analytics=0 for 6 months and answers 303 to the page it came from", async () => {
    const response = await post({ escolha: "rejeitar", voltar: "/sobre?x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/sobre?x=1");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const cookie = consentCookie(response)!;
    expect(cookie).toContain(`Max-Age=${CONSENT_MAX_AGE_SECONDS}`);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(readConsent(cookie.split(";")[0])).toEqual({ analytics: false });
  });

  it("accepting sets analytics=1", async () => {
    const response = await post({ escolha: "aceitar", voltar: "/lgpd" });
    expect(response.status).toBe(303);
    expect(readConsent(consentCookie(response)!.split(";")[0])).toEqual({ analytics: true });
  });

  it("sends a foreign or malformed return path to /", async () => {
    for (const voltar of ["https://evil.example/", "//evil.example", "/\\evil.example", ""]) {
      const response = await post({ escolha: "rejeitar", voltar });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect((await post({ escolha: "aceitar" })).headers.get("Location")).toBe("/");
  });

  it("saving the switches records them and returns to the preferences with a toast", async () => {
    const on = await post({ escolha: "salvar", analytics: "on", voltar: "/lgpd#cookies" });
    expect(on.status).toBe(303);
    expect(on.headers.get("Location")).toBe("/lgpd#cookies");
    expect(readConsent(consentCookie(on)!.split(";")[0])).toEqual({ analytics: true });
    expect(on.headers.getSetCookie().some((line) => line.startsWith("__flash="))).toBe(true);
    const off = await post({ escolha: "salvar", voltar: "/lgpd#cookies" });
    expect(readConsent(consentCookie(off)!.split(";")[0])).toEqual({ analytics: false });
  });

  it("'configurar' records nothing and goes to the preferences on /lgpd", async () => {
    const response = await post({ escolha: "configurar", voltar: "/sobre" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/lgpd#cookies");
    expect(consentCookie(response)).toBeUndefined();
  });

  it("refuses an unknown choice with 400 and no cookie", async () => {
    const response = await post({ escolha: "tudo" });
    expect(response.status).toBe(400);
    expect(consentCookie(response)).toBeUndefined();
  });
});

describe("consent action from a fetcher", () => {
  it("answers JSON with the cookie instead of a redirect", async () => {
    // The hydrated forms add the field.
    const response = await post({ escolha: "aceitar", voltar: "/sobre", [CONSENT_FETCHER_FIELD]: "1" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, analytics: true });
    expect(readConsent(consentCookie(response)!.split(";")[0])).toEqual({ analytics: true });
  });
});

describe("GET /preferencias-de-cookies", () => {
  it("sends the visitor to the preferences on /lgpd", async () => {
    const response = await answer(() => consent.loader());
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/lgpd#cookies");
  });
});
