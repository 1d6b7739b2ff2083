import { describe, expect, it } from "vitest";
import { formatArea, formatCount, formatDate, formatNumber, formatPrice, formatPriceCents, plural } from "./format";

const intlFormats = new Map<string, Intl.NumberFormat>();

/** Intl's pt-BR output with its no-break spaces as plain spaces, as the site writes them. */
function intl(value: number, options: Intl.NumberFormatOptions): string {
  const key = JSON.stringify(options);
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("pt-BR", options);
    intlFormats.set(key, format);
  }
  return format.format(value).replace(/\u00a0/g, " ");
}

/** A small deterministic generator (mulberry32), so a failure names a reproducible value. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Prices, fees, areas, percentages and rounding ties of every size the site shows, and the edges. */
function sampleValues(): number[] {
  const next = random(20261124);
  const values = [
    0,
    -0,
    1,
    -1,
    0.5,
    1.5,
    2.5,
    -2.5,
    0.05,
    0.005,
    1.005,
    1.015,
    2.675,
    999.995,
    9.999,
    99.95,
    1234,
    1234.5,
    12345.678,
    999_999.5,
    1_250_000,
    12_345_678.125,
    0.0000001,
    -0.4,
    1e15 + 0.5,
    123_456_789_012_345_680,
    9.99e20,
    1e21,
    Number.MAX_SAFE_INTEGER,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** Math.floor(next() * 12);
    const value = next() * magnitude;
    values.push(value, -value, Math.round(value * 100) / 100, Math.round(value * 1000) / 1000 + 0.005);
  }
  return values;
}

describe("formatNumber", () => {
  it("writes exactly what Intl.NumberFormat('pt-BR') writes, for every fraction setting the site uses", () => {
    const settings: [max: number, min: number][] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 2],
      [6, 0],
      [8, 0],
    ];
    for (const value of sampleValues()) {
      for (const [max, min] of settings) {
        const expected = intl(value, { maximumFractionDigits: max, minimumFractionDigits: min });
        expect(formatNumber(value, max, min), `${value} (${min}–${max})`).toBe(expected);
      }
    }
  });

  it("groups thousands with dots and writes the fraction after a comma", () => {
    expect(formatNumber(1234567.891, 2)).toBe("1.234.567,89");
    expect(formatNumber(1000)).toBe("1.000");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(12.5, 2, 2)).toBe("12,50");
  });

  it("rounds the written decimal half away from zero, as Intl does (1.005 → 1,01)", () => {
    expect(formatNumber(1.005, 2)).toBe("1,01");
    expect(formatNumber(2.5)).toBe("3");
    expect(formatNumber(-2.5)).toBe("-3");
    expect(formatNumber(9.999, 2)).toBe("10");
  });
});

describe("prices, areas, counts and dates", () => {
  it("formats BRL like Intl's currency style, with a plain space after R$", () => {
    for (const value of sampleValues()) {
      if (!Number.isFinite(value)) continue;
      expect(formatPrice(value), String(value)).toBe(
        intl(value, { style: "currency", currency: "BRL", maximumFractionDigits: 0 }),
      );
      expect(formatPriceCents(value), String(value)).toBe(
        intl(value, { style: "currency", currency: "BRL", minimumFractionDigits: 2 }),
      );
    }
    expect(formatPrice(1_250_000)).toBe("R$ 1.250.000");
    expect(formatPrice(-12)).toBe("-R$ 12");
    expect(formatPriceCents(1250.5)).toBe("R$ 1.250,50");
    expect(formatPrice(null)).toBe("");
    expect(formatPriceCents(undefined)).toBe("");
  });

  it("writes areas, counts and plurals with pt-BR digits", () => {
    expect(formatArea(1234.4)).toBe("1.234 m²");
    expect(formatArea(null)).toBe("");
    expect(formatCount(13640)).toBe("13.640");
    expect(plural(1, "quarto", "quartos")).toBe("1 quarto");
    expect(plural(2500, "imóvel", "imóveis")).toBe("2.500 imóveis");
  });

  it("writes dates like Intl's pt-BR long date in UTC", () => {
    const long = new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const next = random(7);
    for (let i = 0; i < 500; i++) {
      const date = new Date(Date.UTC(1900, 0, 1) + Math.floor(next() * 200 * 365.25 * 86_400_000));
      const iso = date.toISOString();
      expect(formatDate(iso), iso).toBe(long.format(date));
      expect(formatDate(iso.slice(0, 10)), iso).toBe(long.format(date));
    }
    expect(formatDate("2026-03-12")).toBe("12 de março de 2026");
    expect(formatDate("0099-03-02")).toBe("2 de março de 99");
    expect(formatDate("não é data")).toBe("");
    expect(formatDate(null)).toBe("");
  });
});
