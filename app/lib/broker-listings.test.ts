import { describe, expect, it } from "vitest";
import {
  BROKER_CODE_MESSAGE,
  BROKER_LISTINGS_QUERY_MAX,
  brokerListingsHref,
  parseBrokerListingsQuery,
  QUERY_TOO_LONG_MESSAGE,
} from "./broker-listings";
import { SINGLE_LINE_MESSAGE } from "./text-fields";

const parse = (search: string) => parseBrokerListingsQuery(new URLSearchParams(search));

describe("parseBrokerListingsQuery", () => {
  it("reads the search, the page and the broker", () => {
    expect(parse("q=%20Moema%20&pagina=3&corretor=22")).toEqual({
      query: { q: "Moema", pagina: 3, corretor: "22" },
      errors: {},
    });
  });

  it("treats empty fields as absent and starts on page 1", () => {
    expect(parse("q=&corretor=%20")).toEqual({ query: { pagina: 1 }, errors: {} });
    expect(parse("")).toEqual({ query: { pagina: 1 }, errors: {} });
  });

  it("falls back to page 1 for a bad page", () => {
    for (const pagina of ["0", "-2", "abc", "1.5", "100001"]) expect(parse(`pagina=${pagina}`).query.pagina).toBe(1);
  });

  it("refuses a search longer than the limit with a pt-BR message, keeping the other fields", () => {
    const long = "a".repeat(BROKER_LISTINGS_QUERY_MAX + 1);
    expect(parse(`q=${long}&pagina=2&corretor=7`)).toEqual({
      query: { pagina: 2, corretor: "7" },
      errors: { q: QUERY_TOO_LONG_MESSAGE },
    });
    expect(parse(`q=${"a".repeat(BROKER_LISTINGS_QUERY_MAX)}`).errors).toEqual({});
  });

  it("refuses control characters in the search", () => {
    expect(parse("q=moema%0Aapto").errors).toEqual({ q: SINGLE_LINE_MESSAGE });
  });

  it("accepts LIKE wildcards as plain text (the query escapes them)", () => {
    expect(parse("q=50%25_off").query.q).toBe("50%_off");
  });

  it("refuses a malformed broker code", () => {
    for (const corretor of ["a b", "x'--", "é", "9".repeat(41)])
      expect(parse(`corretor=${encodeURIComponent(corretor)}`).errors).toEqual({ corretor: BROKER_CODE_MESSAGE });
  });

  it("reads only the first value of a repeated key", () => {
    expect(parse("q=a&q=b&pagina=2&pagina=5").query).toEqual({ q: "a", pagina: 2 });
  });
});

describe("brokerListingsHref", () => {
  it("has no query on the plain first page", () => {
    expect(brokerListingsHref({ pagina: 1 })).toBe("/painel/imoveis");
  });

  it("keeps the broker and the search, and the page from 2 on", () => {
    expect(brokerListingsHref({ corretor: "22", q: "vila mariana", pagina: 2 })).toBe(
      "/painel/imoveis?corretor=22&q=vila+mariana&pagina=2",
    );
  });
});
