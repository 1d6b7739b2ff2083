import { describe, expect, it } from "vitest";
import {
  addFavourites,
  comparePath,
  favouritesValue,
  MAX_COMPARE,
  MAX_FAVOURITES,
  parseCodesParam,
  parseFavouritesValue,
  readFavourites,
  removeFavourite,
  serializeFavouritesCookie,
  sharedListPath,
  toggleFavourite,
} from "./favourites";

/** `n` distinct codes: C1, C2, … */
function codes(n: number, prefix = "C"): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
}

describe("favourites cookie codec", () => {
  it("round-trips a list through the cookie value, newest first", () => {
    const list = ["AP123", "CA-9", "x.1_b"];
    expect(favouritesValue(list)).toBe("AP123|CA-9|x.1_b");
    expect(parseFavouritesValue(favouritesValue(list))).toEqual(list);
  });

  it("ignores malformed, duplicate and surplus codes instead of failing", () => {
    expect(parseFavouritesValue("A1|A1||<script>|B 2|B2|" + "x".repeat(41))).toEqual(["A1", "B2"]);
    expect(parseFavouritesValue(codes(80).join("|"))).toEqual(codes(MAX_FAVOURITES));
    expect(parseFavouritesValue("")).toEqual([]);
    expect(parseFavouritesValue(null)).toEqual([]);
    expect(parseFavouritesValue("A|".repeat(3000))).toEqual([]);
    expect(parseFavouritesValue("A1\u0000|B2")).toEqual(["B2"]);
  });

  it("reads the cookie out of a Cookie header (or document.cookie)", () => {
    expect(readFavourites("consentimento=v1:analytics=0; favoritos=A1|B2; outro=1")).toEqual(["A1", "B2"]);
    expect(readFavourites("meusfavoritos=A1; x=2")).toEqual([]);
    expect(readFavourites(undefined)).toEqual([]);
  });

  it("serialises a one-year, site-wide, Lax cookie and deletes it when the list is empty", () => {
    const cookie = serializeFavouritesCookie(["A1", "B2"], { secure: true });
    expect(cookie).toBe("favoritos=A1|B2; Path=/; SameSite=Lax; Max-Age=31536000; Secure");
    expect(serializeFavouritesCookie([], { secure: false })).toBe("favoritos=; Path=/; SameSite=Lax; Max-Age=0");
    expect(serializeFavouritesCookie(codes(60), { secure: false }).length).toBeLessThan(4096);
  });
});

describe("favourites list rules", () => {
  it("toggles a code: added at the front, removed when present", () => {
    expect(toggleFavourite(["A1"], "B2")).toEqual({ codes: ["B2", "A1"], saved: true, full: false });
    expect(toggleFavourite(["B2", "A1"], "B2")).toEqual({ codes: ["A1"], saved: false, full: false });
    expect(removeFavourite(["B2", "A1"], "Z9")).toEqual(["B2", "A1"]);
  });

  it("never drops a favourite to make room: a full list refuses the new code", () => {
    const full = codes(MAX_FAVOURITES);
    expect(toggleFavourite(full, "NEW")).toEqual({ codes: full, saved: false, full: true });
    // Removing from a full list still works.
    expect(toggleFavourite(full, "C1").codes).toHaveLength(MAX_FAVOURITES - 1);
  });

  it("adds a shared list after the own one, skipping known codes, up to the limit", () => {
    expect(addFavourites(["A1"], ["B2", "A1", "C3"])).toEqual({ codes: ["A1", "B2", "C3"], saved: true, full: false });
    const change = addFavourites(codes(MAX_FAVOURITES - 1), ["X1", "X2"]);
    expect(change.codes).toHaveLength(MAX_FAVOURITES);
    expect(change.codes.at(-1)).toBe("X1");
    expect(change.full).toBe(true);
  });
});

describe("?codigos= codec", () => {
  it("accepts comma-separated and repeated values, trimming blanks and duplicates", () => {
    expect(parseCodesParam(["A1, B2,,A1"], MAX_COMPARE)).toEqual({ ok: true, codes: ["A1", "B2"] });
    expect(parseCodesParam(["A1", "B2", "C3"], MAX_COMPARE)).toEqual({ ok: true, codes: ["A1", "B2", "C3"] });
    expect(parseCodesParam([], MAX_COMPARE)).toEqual({ ok: true, codes: [] });
  });

  it("refuses more than the limit with a message naming it", () => {
    const result = parseCodesParam([codes(5).join(",")], MAX_COMPARE);
    expect(result).toEqual({ ok: false, message: "Você pode comparar até 4 imóveis por vez; foram escolhidos 5." });
    expect(parseCodesParam([codes(51).join(",")], MAX_FAVOURITES).ok).toBe(false);
  });

  it("refuses malformed codes (markup, spaces inside, control characters, too long)", () => {
    for (const bad of ["<b>", "A 1", "A1\r\nSet-Cookie: x", "A\u00001", "x".repeat(41), "a/b"]) {
      const result = parseCodesParam([bad], MAX_COMPARE);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.message).toMatch(/^Código de imóvel inválido/);
        expect(result.message).not.toMatch(/[\u0000-\u001f]/);
      }
    }
    expect(parseCodesParam(["A".repeat(5000)], MAX_COMPARE).ok).toBe(false);
  });

  it("builds the shareable and comparison paths", () => {
    expect(sharedListPath(["A1", "B2"])).toBe("/favoritos?codigos=A1,B2");
    expect(comparePath(["A1", "B2"])).toBe("/comparar?codigos=A1,B2");
  });
});
