/** One client key per IPv4 address and per IPv6 /64 network. */
import { describe, expect, it } from "vitest";
import { clientKey, limiterKey } from "./client-address";

describe("clientKey", () => {
  it("keeps IPv4 addresses, IPv4-mapped ones written as IPv4", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.8")).not.toBe(clientKey("203.0.113.7"));
  });

  it("counts every address of one IPv6 /64 as one client, another /64 apart", () => {
    const one = clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
    expect(one).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2::1")).toBe(one);
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(one);
    expect(clientKey("2001:db8:1:3::1")).not.toBe(one);
    expect(clientKey("::1")).toBe("::/64");
  });

  it("returns anything that is not an address unchanged", () => {
    expect(clientKey("unknown")).toBe("unknown");
    expect(clientKey("")).toBe("");
  });
});

describe("limiterKey", () => {
  it("makes every address in a limiter key a client key, and leaves other parts alone", async () => {
    expect(limiterKey("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(limiterKey("ana@exemplo.com.br|2001:db8:1:2:ffff::9")).toBe("ana@exemplo.com.br|2001:db8:1:2::/64");
    expect(limiterKey("ana@exemplo.com.br|203.0.113.7")).toBe("ana@exemplo.com.br|203.0.113.7");
    expect(limiterKey("unknown")).toBe("unknown");
  });

  it("the site's own limits count every address of one IPv6 /64 as one client", async () => {
    const { createLimiter } = await import("~/.server/rate-limit");
    const limiter = createLimiter({ keyPrefix: "test-v6", points: 2, durationSeconds: 60 }, null);
    await limiter.consume("2001:db8:5:6::1");
    await limiter.consume("2001:db8:5:6::2");
    await expect(limiter.consume("2001:db8:5:6:abcd::3")).rejects.toMatchObject({ remainingPoints: 0 });
    // Another /64 is another client.
    await expect(limiter.consume("2001:db8:5:7::1")).resolves.toBeTruthy();
  });
});
