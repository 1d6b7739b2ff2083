import { describe, expect, it } from "vitest";
import {
  type AuthRateLimiters,
  backoffSeconds,
  createAuthRateLimiters,
  isSameOriginPost,
  RESET_CODE_EMAIL_LIMIT,
  tooManyAttemptsMessage,
} from "./protection";

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

/** One sign-in attempt as `signInProtected` makes it: null when the password was checked, else the refusal. */
async function attempt(limiters: AuthRateLimiters, ip: string, email: string, correct: boolean) {
  const limited = await limiters.consumeLogin(ip, email);
  if (limited) return limited;
  await limiters.settleLogin(ip, email, correct ? "success" : "failure");
  return null;
}

describe("sign-in limits", () => {
  const owner = "dono@exemplo.com.br";

  it("five wrong passwords from one IP do not keep the owner out from another IP", async () => {
    const limiters = createAuthRateLimiters();
    for (let i = 0; i < 5; i++) expect(await attempt(limiters, "198.51.100.66", owner, false)).toBeNull();
    const refused = await attempt(limiters, "198.51.100.66", owner, true);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // The owner, elsewhere, with the right password: the password is checked and the sign-in goes through.
    expect(await attempt(limiters, "203.0.113.10", "Dono@Exemplo.com.br", true)).toBeNull();
  });

  it("counts only failures: a correct password forgets the pair's failures", async () => {
    const limiters = createAuthRateLimiters();
    for (let i = 0; i < 20; i++) expect(await attempt(limiters, "192.0.2.5", owner, true)).toBeNull();
    for (let i = 0; i < 4; i++) await attempt(limiters, "192.0.2.5", owner, false);
    expect(await attempt(limiters, "192.0.2.5", owner, true)).toBeNull();
    for (let i = 0; i < 5; i++) expect(await attempt(limiters, "192.0.2.5", owner, false)).toBeNull();
    expect(await attempt(limiters, "192.0.2.5", owner, false)).not.toBeNull();
  });

  it("an attempt that failed for another reason (service down) is given back", async () => {
    const limiters = createAuthRateLimiters({ loginPair: { points: 1, durationSeconds: 60 } });
    for (let i = 0; i < 3; i++) {
      expect(await limiters.consumeLogin("192.0.2.6", owner)).toBeNull();
      await limiters.settleLogin("192.0.2.6", owner, "other");
    }
  });

  it("past the e-mail's ceiling a pair that failed is refused, a clean pair still gets its answer", async () => {
    const limiters = createAuthRateLimiters({
      loginEmail: { points: 3, durationSeconds: 60 * 60 },
      loginBackoff: { baseSeconds: 2 * 60 * 60, maxSeconds: 24 * 60 * 60 },
    });
    for (const ip of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) expect(await attempt(limiters, ip, owner, false)).toBeNull();
    // Below the pair limit, but the e-mail is under attack: one failure per pair now.
    expect(await attempt(limiters, "10.0.0.1", owner, false)).not.toBeNull();
    expect(await attempt(limiters, "10.0.0.1", owner, true)).not.toBeNull();
    // A pair without failures is still answered: a wrong guess counts, the owner's right password gets in.
    expect(await attempt(limiters, "10.0.0.4", owner, false)).toBeNull();
    expect(await attempt(limiters, "10.0.0.4", owner, false)).not.toBeNull();
    expect(await attempt(limiters, "172.16.0.9", owner, true)).toBeNull();
    // Other e-mails are not affected.
    expect(await attempt(limiters, "10.0.0.1", "outra@exemplo.com.br", false)).toBeNull();
    expect(await attempt(limiters, "10.0.0.1", "outra@exemplo.com.br", false)).toBeNull();
  });

  it("the ceiling's back-off doubles up to a day", () => {
    expect([1, 2, 3, 5, 6, 30].map((period) => backoffSeconds(period) / 3600)).toEqual([1, 2, 4, 16, 24, 24]);
  });

  it("limits failures per IP across e-mails", async () => {
    const limiters = createAuthRateLimiters({ loginIp: { points: 2, durationSeconds: 60 } });
    expect(await attempt(limiters, "2.2.2.2", "a@b.com", false)).toBeNull();
    expect(await attempt(limiters, "2.2.2.2", "c@d.com", false)).toBeNull();
    expect(await attempt(limiters, "2.2.2.2", "e@f.com", false)).not.toBeNull();
    expect(await attempt(limiters, "3.3.3.3", "e@f.com", false)).toBeNull();
  });
});

describe("reset-code limits", () => {
  it("count wrong codes per e-mail and IP, and refuse every IP past the e-mail's ceiling, whatever the address", async () => {
    const limiters = createAuthRateLimiters({ codeEmail: { points: 4, durationSeconds: 15 * 60 } });
    const wrong = async (ip: string, email: string) => {
      const limited = await limiters.consumeResetCode(ip, email);
      if (!limited) await limiters.settleResetCode(ip, email, "failure");
      return limited === null;
    };
    for (const email of ["tem-conta@exemplo.com.br", "sem-conta@exemplo.com.br"]) {
      const answers = [];
      for (const ip of ["10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"])
        answers.push(await wrong(ip, email));
      expect(answers).toEqual([true, true, true, true, false]);
    }
  });
});

describe("reset-code ceiling under concurrent guesses", () => {
  it("many concurrent wrong codes for one e-mail from distinct IPs: no more than the ceiling get past the limits", async () => {
    const limiters = createAuthRateLimiters();
    const email = "dono@exemplo.com.br";
    // As confirmResetCode: take the attempt, check the code (a pause, as the database query is), settle it as wrong.
    const guess = async (ip: string) => {
      const limited = await limiters.consumeResetCode(ip, email);
      if (limited) return "too-many";
      await new Promise((resolve) => setTimeout(resolve, 5));
      await limiters.settleResetCode(ip, email, "failure");
      return "invalid";
    };
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => guess(`10.1.${i >> 8}.${i & 255}`)));
    expect(answers.filter((answer) => answer === "invalid")).toHaveLength(RESET_CODE_EMAIL_LIMIT.points);
    // Past the ceiling a new IP is refused too.
    expect(await limiters.consumeResetCode("198.51.100.1", email)).not.toBeNull();
  });

  it("gives the ceiling's point back for an attempt that ended otherwise or was refused by its pair", async () => {
    const limiters = createAuthRateLimiters({
      codeEmail: { points: 2, durationSeconds: 60 },
      codePair: { points: 1, durationSeconds: 60 },
    });
    const email = "dono@exemplo.com.br";
    for (let i = 0; i < 3; i++) {
      expect(await limiters.consumeResetCode("192.0.2.7", email)).toBeNull();
      await limiters.settleResetCode("192.0.2.7", email, "other");
    }
    expect(await limiters.consumeResetCode("192.0.2.7", email)).toBeNull();
    await limiters.settleResetCode("192.0.2.7", email, "failure");
    // Refused by its pair: the e-mail's second point stays for another IP.
    expect(await limiters.consumeResetCode("192.0.2.7", email)).not.toBeNull();
    expect(await limiters.consumeResetCode("192.0.2.8", email)).toBeNull();
    await limiters.settleResetCode("192.0.2.8", email, "failure");
    expect(await limiters.consumeResetCode("192.0.2.9", email)).not.toBeNull();
  });

  it("a right code forgets the e-mail's failures", async () => {
    const limiters = createAuthRateLimiters({ codeEmail: { points: 2, durationSeconds: 60 } });
    const email = "dono@exemplo.com.br";
    expect(await limiters.consumeResetCode("192.0.2.7", email)).toBeNull();
    await limiters.settleResetCode("192.0.2.7", email, "failure");
    expect(await limiters.consumeResetCode("192.0.2.8", email)).toBeNull();
    await limiters.settleResetCode("192.0.2.8", email, "success");
    for (const ip of ["192.0.2.9", "192.0.2.10"]) expect(await limiters.consumeResetCode(ip, email)).toBeNull();
  });
});

describe("messages", () => {
  it("says when to try again in Portuguese", () => {
    expect(tooManyAttemptsMessage(1)).toBe("Muitas tentativas. Tente novamente em 1 segundo.");
    expect(tooManyAttemptsMessage(61)).toBe("Muitas tentativas. Tente novamente em 2 minutos.");
  });
});
