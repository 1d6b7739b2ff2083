/**
 * The key one client is counted under by the per-client bounds (request
 * queue, connection cap, rate limits): an IPv4 address as it is (IPv4-mapped
 * IPv6 written as IPv4), an IPv6 address as its /64 network. A home or mobile
 * connection gets a whole /64 and may pick any address in it, so keying on the
 * full /128 would let one client rotate past every per-client bound
 * (docs/decisions/0062-bounded-work-per-request.md). Parsing is ipaddr.js's.
 */
import ipaddr from "ipaddr.js";

/** Bits of an IPv6 address that name one client's network. */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * `address` as a client key: `"203.0.113.7"`, or `"2001:db8:1:2::/64"` for any
 * address of that /64; a value that is no IP address is returned unchanged.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const bytes = parsed.toByteArray().map((byte, i) => (i < IPV6_CLIENT_PREFIX / 8 ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/${IPV6_CLIENT_PREFIX}`;
}

/**
 * A rate limiter's key with every IP address in it made a {@link clientKey}:
 * the key itself, or each `|`-separated part (e.g. `"email|address"`), so
 * the site's own limits count an IPv6 /64 as one client too.
 */
export function limiterKey(key: string): string {
  if (!key.includes(":")) return key;
  return key
    .split("|")
    .map((part) => clientKey(part))
    .join("|");
}
