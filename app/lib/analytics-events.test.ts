import { describe, expect, it } from "vitest";
import { beaconSchema, isUntrackedPath, MAX_BEACON_PATH } from "./analytics-events";

describe("beaconSchema", () => {
  it("accepts the beacons the browser sends", () => {
    expect(
      beaconSchema.safeParse({ type: "pageview", path: "/busca?q=moema", referrer: "https://x.test/" }).success,
    ).toBe(true);
    expect(beaconSchema.safeParse({ type: "whatsapp_click", path: "/", listing: "AP-12.3_b" }).success).toBe(true);
    expect(beaconSchema.safeParse({ type: "form_start", path: "/", form: "info" }).success).toBe(true);
  });

  it.each([
    ["an unknown type", { type: "click", path: "/" }],
    ["a path that is not a site path", { type: "pageview", path: "https://evil.test/" }],
    ["a protocol-relative path", { type: "pageview", path: "//evil.test/" }],
    ["a path over the limit", { type: "pageview", path: `/${"a".repeat(MAX_BEACON_PATH)}` }],
    ["an unknown key", { type: "pageview", path: "/", ip: "1.2.3.4" }],
    ["a malformed listing code", { type: "gallery_open", path: "/", listing: "<script>" }],
    ["a malformed form kind", { type: "form_start", path: "/", form: "Info Form" }],
    ["a missing path", { type: "pageview" }],
  ])("refuses %s", (_label, body) => {
    expect(beaconSchema.safeParse(body).success).toBe(false);
  });
});

describe("isUntrackedPath", () => {
  it("excludes the admin, broker and sign-in areas only", () => {
    expect(isUntrackedPath("/admin")).toBe(true);
    expect(isUntrackedPath("/admin/estatisticas")).toBe(true);
    expect(isUntrackedPath("/painel/imovel/1")).toBe(true);
    expect(isUntrackedPath("/login-corretores")).toBe(true);
    expect(isUntrackedPath("/administradora")).toBe(false);
    expect(isUntrackedPath("/")).toBe(false);
    expect(isUntrackedPath("/detalhes/x/1")).toBe(false);
  });

  it("excludes the owner's report (its path carries the token), whatever the case", () => {
    expect(isUntrackedPath("/proprietario/abc")).toBe(true);
    expect(isUntrackedPath("/Proprietario/abc/cancelar")).toBe(true);
    expect(isUntrackedPath("/PAINEL/leads/1")).toBe(true);
    expect(isUntrackedPath("/proprietarios")).toBe(false);
  });

  it("excludes a visitor's visit pages (their paths carry the token)", () => {
    expect(isUntrackedPath("/visitas/abc")).toBe(true);
    expect(isUntrackedPath("/Visitas/abc/avaliacao")).toBe(true);
    expect(isUntrackedPath("/visitas/abc/convite.ics")).toBe(true);
    expect(isUntrackedPath("/detalhes/x/1/agendar")).toBe(false);
  });
});
