/** One client key per IPv4 address and per IPv6 /64 network. */
import { describe, expect, it } from "vitest";
import { clientKey } from "./client-address";

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
