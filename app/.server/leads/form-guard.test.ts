import { describe, expect, it } from "vitest";
import {
  checkStartedAt,
  FORM_TOKEN_MAX_AGE_MS,
  formTokenKey,
  honeypotFilled,
  leadFormTokens,
  MIN_FILL_MS,
  retryAfterText,
  startedAtRefusal,
  storedIdempotencyKey,
} from "./form-guard";

const SECRETS = ["first-secret-first-secret-first-secret", "old-secret-old-secret-old-secret-old"];
const NOW = 1_800_000_000_000;

describe("signed render time (minimum fill time)", () => {
  it("accepts a form sent after the minimum time, refuses one sent sooner", () => {
    const { startedAt } = leadFormTokens(NOW, SECRETS);
    expect(checkStartedAt(startedAt, NOW + MIN_FILL_MS, SECRETS)).toBe("ok");
    expect(checkStartedAt(startedAt, NOW + MIN_FILL_MS - 1, SECRETS)).toBe("too-fast");
    expect(checkStartedAt(startedAt, NOW + 3_600_000, SECRETS)).toBe("ok");
  });

  it("says why a form sent too fast was refused and what to do, not to check data that are fine", () => {
    const { startedAt } = leadFormTokens(NOW, SECRETS);
    const refused = startedAtRefusal(startedAt, { now: NOW + 10, secrets: SECRETS });
    expect(refused?.message).toBe("Formulário enviado rápido demais. Aguarde alguns segundos e envie de novo.");
    expect(refused?.message).not.toContain("Confira");
  });

  it("expires a token after its maximum age (2 hours), so one rendered form cannot serve for ever", () => {
    const { startedAt } = leadFormTokens(NOW, SECRETS);
    expect(FORM_TOKEN_MAX_AGE_MS).toBe(2 * 3_600_000);
    expect(checkStartedAt(startedAt, NOW + FORM_TOKEN_MAX_AGE_MS, SECRETS)).toBe("ok");
    expect(checkStartedAt(startedAt, NOW + FORM_TOKEN_MAX_AGE_MS + 1, SECRETS)).toBe("expired");
    expect(checkStartedAt(startedAt, NOW + 86_400_000, SECRETS)).toBe("expired");
    // Making a token younger needs the secret: an edited stamp is forged, not fresh.
    const [, mac] = startedAt.split(".");
    expect(checkStartedAt(`${NOW + 86_000_000}.${mac}`, NOW + 86_400_000, SECRETS)).toBe("invalid");
  });

  it("fingerprints one token per purpose", () => {
    const { startedAt } = leadFormTokens(NOW, SECRETS);
    expect(formTokenKey("lgpd", startedAt)).toMatch(/^[0-9a-f]{64}$/);
    expect(formTokenKey("lgpd", startedAt)).toBe(formTokenKey("lgpd", startedAt));
    expect(formTokenKey("lgpd", startedAt)).not.toBe(formTokenKey("alert", startedAt));
  });

  it("verifies with any rotated secret and rejects forged, malformed or future stamps", () => {
    const old = leadFormTokens(NOW, [SECRETS[1]!]).startedAt;
    expect(checkStartedAt(old, NOW + 10_000, SECRETS)).toBe("ok");
    const [stamp, mac] = old.split(".");
    expect(checkStartedAt(`${Number(stamp) - 60_000}.${mac}`, NOW + 10_000, SECRETS)).toBe("invalid");
    expect(checkStartedAt(old, NOW + 10_000, ["another-secret-another-secret-another"])).toBe("invalid");
    expect(checkStartedAt("123", NOW, SECRETS)).toBe("invalid");
    expect(checkStartedAt(undefined, NOW, SECRETS)).toBe("invalid");
    const future = leadFormTokens(NOW + 120_000, SECRETS).startedAt;
    expect(checkStartedAt(future, NOW, SECRETS)).toBe("invalid");
  });

  it("gives every rendered form its own key", () => {
    expect(leadFormTokens(NOW, SECRETS).idempotencyKey).not.toBe(leadFormTokens(NOW, SECRETS).idempotencyKey);
  });
});

describe("stored idempotency key", () => {
  const lead = { kind: "sell" as const, name: "Ana", phone: "11912345678", location: "Moema" };
  it("is the same for the same form and data, whatever the field order", () => {
    expect(storedIdempotencyKey("k1", lead)).toBe(
      storedIdempotencyKey(" k1 ", { location: "Moema", phone: "11912345678", name: "Ana", kind: "sell" }),
    );
  });
  it("differs when the form or the data differ", () => {
    expect(storedIdempotencyKey("k1", lead)).not.toBe(storedIdempotencyKey("k2", lead));
    expect(storedIdempotencyKey("k1", lead)).not.toBe(storedIdempotencyKey("k1", { ...lead, name: "Bia" }));
  });
});

describe("honeypot and messages", () => {
  it("treats only a non-blank value as filled", () => {
    expect(honeypotFilled("http://x")).toBe(true);
    expect(honeypotFilled("  ")).toBe(false);
    expect(honeypotFilled(null)).toBe(false);
  });
  it("says when to try again in Portuguese", () => {
    expect(retryAfterText(1)).toBe("Tente novamente em 1 segundo.");
    expect(retryAfterText(30)).toBe("Tente novamente em 30 segundos.");
    expect(retryAfterText(60)).toBe("Tente novamente em 1 minuto.");
    expect(retryAfterText(421)).toBe("Tente novamente em 8 minutos.");
  });
});
