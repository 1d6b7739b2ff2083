import { describe, expect, it } from "vitest";
import {
  CONSENT_COOKIE_NAME,
  CONSENT_MAX_AGE_SECONDS,
  consentCookieValue,
  consentVariant,
  parseConsentValue,
  readConsent,
  safeReturnPath,
  serializeConsentCookie,
  stateForChoice,
} from "./consent";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("consent cookie", () => {
  it("round-trips a choice through the versioned value", () => {
    expect(consentCookieValue({ analytics: false })).toBe("v1:analytics=0");
    expect(consentCookieValue({ analytics: true })).toBe("v1:analytics=1");
    expect(parseConsentValue(consentCookieValue({ analytics: true }))).toEqual({ analytics: true });
    expect(parseConsentValue("v1%3Aanalytics%3D0")).toEqual({ analytics: false });
  });

  it("ignores malformed values and other versions", () => {
    for (const value of ["", "v2:analytics=1", "v0:analytics=0", "v1:analytics=2", "1", "v1:analytics=1;x", "%E0%A4%A"])
      expect(parseConsentValue(value)).toBeNull();
    expect(parseConsentValue(undefined)).toBeNull();
  });

  it("reads the cookie among others in a Cookie header", () => {
    expect(readConsent(`a=1; ${CONSENT_COOKIE_NAME}=v1:analytics=1; b=2`)).toEqual({ analytics: true });
    expect(readConsent(`x${CONSENT_COOKIE_NAME}=v1:analytics=1`)).toBeNull();
    expect(readConsent(`${CONSENT_COOKIE_NAME}=lixo; ${CONSENT_COOKIE_NAME}=v1:analytics=0`)).toEqual({
      analytics: false,
    });
    expect(readConsent(null)).toBeNull();
  });

  it("serialises 6 months, Path=/, SameSite=Lax, Secure only on https", () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBe(15_552_000);
    const plain = serializeConsentCookie({ analytics: false }, { secure: false });
    expect(plain).toBe("consentimento=v1:analytics=0; Max-Age=15552000; Path=/; SameSite=Lax; HttpOnly");
    expect(serializeConsentCookie({ analytics: true }, { secure: true })).toMatch(/analytics=1;.*; Secure$/);
  });
});

describe("consentVariant", () => {
  it("is the choice when there is one, else bot or none by User-Agent", () => {
    expect(consentVariant("consentimento=v1:analytics=1", CHROME)).toBe("granted");
    expect(consentVariant("consentimento=v1:analytics=0", GOOGLEBOT)).toBe("denied");
    expect(consentVariant(undefined, CHROME)).toBe("none");
    expect(consentVariant("consentimento=v9:analytics=1", CHROME)).toBe("none");
    expect(consentVariant(undefined, GOOGLEBOT)).toBe("bot");
    // Lighthouse is an auditor: no banner, and client-side errors hidden like a crawler's.
    expect(
      consentVariant(
        undefined,
        "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
      ),
    ).toBe("bot");
    expect(consentVariant(undefined, undefined)).toBe("none");
  });
});

describe("safeReturnPath", () => {
  it("keeps same-site paths with query and hash", () => {
    expect(safeReturnPath("/sobre")).toBe("/sobre");
    expect(safeReturnPath("/todos-os-imoveis?bairro=pinheiros#lista")).toBe("/todos-os-imoveis?bairro=pinheiros#lista");
    expect(safeReturnPath("/a/../lgpd")).toBe("/lgpd");
  });

  it("sends anything else to the fallback", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "sobre",
      "/x\nSet-Cookie: a=1",
      "",
      null,
      42,
      `/${"a".repeat(2001)}`,
    ])
      expect(safeReturnPath(value)).toBe("/");
    expect(safeReturnPath("https://evil.example/", "/lgpd")).toBe("/lgpd");
  });

  it("refuses paths that normalise to another host: dot-segments, encoded slashes, tabs and newlines", () => {
    for (const value of [
      "/.//evil.example",
      "/././/evil.example/x?y=1",
      "/a/..//evil.example",
      "/a/../..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "/%252F%252Fevil.example",
      "/%5Cevil.example",
      "/%5C%5Cevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/%09/evil.example",
      "/%0A",
      "/%E0%A4%A",
      "/\u0000",
      " /x",
    ])
      expect(safeReturnPath(value), JSON.stringify(value)).toBe("/");
  });

  it("gives a path that resolves to itself, so a browser goes where it says", () => {
    for (const value of [
      "/sobre",
      "/a/./b/../c?x=%2F%2F#y",
      "/busca?q=//evil.example",
      "/todos-os-imoveis/a%20b",
      "/desconto-10%25",
    ]) {
      const path = safeReturnPath(value);
      const url = new URL(path, "https://site.example/somewhere/deep/");
      expect(url.origin).toBe("https://site.example");
      expect(`${url.pathname}${url.search}${url.hash}`).toBe(path);
    }
    expect(safeReturnPath("/a/./b/../c?x=%2F%2F#y")).toBe("/a/c?x=%2F%2F#y");
  });
});

describe("stateForChoice", () => {
  it("maps the form's buttons and switches", () => {
    expect(stateForChoice("aceitar", undefined)).toEqual({ analytics: true });
    expect(stateForChoice("rejeitar", "on")).toEqual({ analytics: false });
    expect(stateForChoice("salvar", "on")).toEqual({ analytics: true });
    expect(stateForChoice("salvar", null)).toEqual({ analytics: false });
    expect(stateForChoice("configurar", null)).toBeNull();
    expect(stateForChoice("tudo", null)).toBeUndefined();
    expect(stateForChoice(null, null)).toBeUndefined();
  });
});
