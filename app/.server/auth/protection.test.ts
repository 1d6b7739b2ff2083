import { describe, expect, it } from "vitest";
import { createAuthRateLimiters, isSameOriginPost, tooManyAttemptsMessage } from "./protection";

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/login-corretores", { method: "POST", headers });

describe("Origin check", () => {
  it("accepts the site's own origin and PUBLIC_URL's", () => {
    expect(isSameOriginPost(post({ Origin: "http://localhost:3000" }), {})).toBe(true);
    expect(
      isSameOriginPost(post({ Origin: "https://www.exemplo.com.br" }), { PUBLIC_URL: "https://www.exemplo.com.br" }),
    ).toBe(true);
    expect(isSameOriginPost(post({ Referer: "http://localhost:3000/login-corretores" }), {})).toBe(true);
  });

  it("refuses another origin, `null` without referer, and no header at all", () => {
    expect(isSameOriginPost(post({ Origin: "https://evil.example" }), {})).toBe(false);
    expect(isSameOriginPost(post({ Origin: "null" }), {})).toBe(false);
    expect(isSameOriginPost(post({}), {})).toBe(false);
  });
});

describe("rate limits", () => {
  it("limits failed sign-ins per e-mail; a success gives the points back", async () => {
    const limiters = createAuthRateLimiters({
      loginEmail: { points: 2, durationSeconds: 60 },
      loginIp: { points: 3, durationSeconds: 60 },
    });
    expect(await limiters.consumeLogin("1.1.1.1", "A@b.com")).toBeNull();
    expect(await limiters.consumeLogin("1.1.1.1", "a@b.com")).toBeNull();
    expect((await limiters.consumeLogin("1.1.1.1", "a@b.com"))?.retryAfterSeconds).toBeGreaterThan(0);
    await limiters.resetLogin("1.1.1.1", "a@b.com");
    expect(await limiters.consumeLogin("1.1.1.1", "a@b.com")).toBeNull();
  });

  it("limits per IP across e-mails", async () => {
    const limiters = createAuthRateLimiters({ loginIp: { points: 2, durationSeconds: 60 } });
    expect(await limiters.consumeLogin("2.2.2.2", "a@b.com")).toBeNull();
    expect(await limiters.consumeLogin("2.2.2.2", "c@d.com")).toBeNull();
    expect(await limiters.consumeLogin("2.2.2.2", "e@f.com")).not.toBeNull();
    expect(await limiters.consumeLogin("3.3.3.3", "e@f.com")).toBeNull();
  });

  it("says when to try again in Portuguese", () => {
    expect(tooManyAttemptsMessage(1)).toBe("Muitas tentativas. Tente novamente em 1 segundo.");
    expect(tooManyAttemptsMessage(61)).toBe("Muitas tentativas. Tente novamente em 2 minutos.");
  });
});
