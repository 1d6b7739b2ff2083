import { describe, expect, it } from "vitest";
import { decideRemovals, percent, removalLimit, type RemovalHold, type ValveSettings } from "./removal-valve";
import { renderRemovalHoldEmail } from "./valve-mail";

const settings: ValveSettings = { maxShare: 0.1, maxCount: null, confirmRuns: 3 };
const codes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `L${from + i}`);
const hold = (held: string[], runs: number, confirmed: string[] | null = null): RemovalHold => ({
  since: new Date("2026-11-20T15:00:00Z"),
  lastHeldAt: new Date("2026-11-20T15:05:00Z"),
  removals: held.length,
  codes: held,
  active: 100,
  limit: 10,
  runs,
  notifiedAt: null,
  confirmedAt: confirmed ? new Date("2026-11-20T15:06:00Z") : null,
  confirmedCodes: confirmed,
});

describe("removalLimit", () => {
  it("is the share of the catalogue, at least one listing, capped by the count when set", () => {
    expect(removalLimit(13_357, settings)).toBe(1335);
    expect(removalLimit(3, settings)).toBe(1);
    expect(removalLimit(0, settings)).toBe(1);
    expect(removalLimit(13_357, { maxShare: 0.1, maxCount: 500 })).toBe(500);
    expect(removalLimit(100, { maxShare: 0.1, maxCount: 500 })).toBe(10);
  });
});

describe("decideRemovals", () => {
  it("applies removals within the limit at once", () => {
    expect(decideRemovals(new Set(["L7"]), 100, null, settings)).toMatchObject({ action: "apply", why: "under-limit" });
    expect(decideRemovals(new Set(codes(1, 10)), 100, null, settings)).toMatchObject({ action: "apply" });
  });

  it("holds a shrink beyond the limit, and applies it once enough consecutive runs agree", () => {
    const gone = new Set(codes(11, 100));
    expect(decideRemovals(gone, 100, null, settings)).toEqual({ action: "hold", runs: 1, limit: 10 });
    expect(decideRemovals(gone, 100, hold(codes(11, 100), 1), settings)).toEqual({
      action: "hold",
      runs: 2,
      limit: 10,
    });
    // A superset agrees (one more listing sold meanwhile).
    expect(decideRemovals(new Set([...gone, "L5"]), 100, hold(codes(11, 100), 2), settings)).toMatchObject({
      action: "apply",
      why: "agreed",
    });
  });

  it("starts counting again when a run does not contain every held code", () => {
    const other = new Set(codes(1, 90));
    expect(decideRemovals(other, 100, hold(codes(11, 100), 2), settings)).toEqual({
      action: "hold",
      runs: 1,
      limit: 10,
    });
  });

  it("applies a confirmed hold, with at most the limit of removals beyond what the admin saw", () => {
    const confirmed = hold(codes(51, 100), 1, codes(51, 100));
    expect(decideRemovals(new Set(codes(41, 100)), 100, confirmed, settings)).toMatchObject({
      action: "apply",
      why: "confirmed",
    });
    expect(decideRemovals(new Set(codes(31, 100)), 100, confirmed, settings)).toMatchObject({ action: "hold" });
  });
});

describe("the admins' e-mail", () => {
  it("says how many, of how many, a few codes, and where to confirm, in pt-BR", () => {
    const message = renderRemovalHoldEmail({
      hold: hold(codes(11, 100), 1),
      to: "a@agencia.test, b@agencia.test",
      confirmRuns: 3,
      adminUrl: "https://www.agencia.test/admin",
      agencyTitle: "Horizonte Imobiliária",
      messageIdDomain: "www.agencia.test",
    });
    expect(message.subject).toBe("Sincronização com o Vista: remoções retidas – Horizonte Imobiliária");
    expect(message.text).toContain("deixou de listar 90 dos 100 imóveis ativos do site (90%)");
    expect(message.text).toContain("Códigos: L11, L12, L13, L14, L15, L16, L17, L18, L19, L20 e mais 80.");
    expect(message.text).toContain("quando 3 sincronizações seguidas a confirmarem");
    expect(message.html).toContain('<a href="https://www.agencia.test/admin">');
    expect(message.messageId).toBe(`<sync-hold-${Date.parse("2026-11-20T15:00:00Z")}@www.agencia.test>`);
    expect(percent(1, 3)).toBe("33%");
  });
});
