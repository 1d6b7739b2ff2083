/**
 * The adapter's scalar readers: Vista's value quirks for one value
 * (docs/vista-api.md §4.5, §8.1 "Normalise at the boundary"): numbers from
 * strings with "," decimals and thousands separators, "Sim"/"Nao" flags,
 * dates in three spellings, http(s) URLs, digits, coordinates. Pure functions,
 * no I/O; used by `adapter.ts` and the sync's wire check, and exported
 * through `./index`.
 */

/** Trimmed text of a wire value; numbers are stringified, anything else is "". Line endings become "\n". */
export function text(value: unknown): string {
  if (typeof value === "string") return value.replace(/\r\n?/g, "\n").trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/**
 * A number from a Vista string (docs/vista-api.md §4.5): "7000000", "1500.50",
 * "1500,50", "1.500.000", "1.500,50", "-25.4434667", or a JSON number.
 * Returns null for "", non-numeric text, NaN or infinities.
 */
export function parseNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  let s = value.trim().replace(/\s+/g, "").replace(/^R\$/i, "");
  if (s === "") return null;
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    // Both present: the last one is the decimal separator.
    s = lastComma > lastDot ? s.replace(/\./g, "").replace(",", ".") : s.replace(/,/g, "");
  } else if (lastComma >= 0) {
    // Only commas: one comma is a decimal separator, several are thousands separators.
    s = s.indexOf(",") === lastComma ? s.replace(",", ".") : s.replace(/,/g, "");
  } else if (lastDot >= 0 && s.indexOf(".") !== lastDot) {
    // Several dots: thousands separators ("1.500.000").
    s = s.replace(/\./g, "");
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A positive amount (BRL, m²) or null: "" / "0" / negatives mean "unknown" (docs/vista-api.md §6.1). */
export function parsePositive(value: unknown): number | null {
  const n = parseNumber(value);
  return n !== null && n > 0 ? n : null;
}

/** A count (bedrooms, parking spaces…): an integer ≥ 0, "0" kept as 0; "" → null. */
export function parseCount(value: unknown): number | null {
  const n = parseNumber(value);
  return n !== null && n >= 0 ? Math.round(n) : null;
}

/** A Vista flag as a boolean: "Sim" (any case) or JSON true → true; "Nao", "Não", "" and the rest → false. */
export function parseFlag(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value !== "string") return false;
  return /^(sim|s|true|1)$/i.test(value.trim());
}

/** Explicitly "no" ("Nao", "Não", "N", false): used to hide rows whose `ExibirNoSite` says so. */
export function isExplicitNo(value: unknown): boolean {
  if (value === false) return true;
  if (typeof value !== "string") return false;
  return /^(n[aã]o|n|false|0)$/i.test(value.trim());
}

function validDate(year: number, month: number, day: number): boolean {
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * An ISO date "YYYY-MM-DD" from Vista's "YYYY-MM-DD", "YYYY-MM-DD HH:MM:SS",
 * "DD/MM/YYYY" or "MM/YYYY" (first of the month); null for "", zero dates
 * ("0000-00-00") and impossible dates (docs/vista-api.md §4.5).
 */
export function parseDate(value: unknown): string | null {
  const s = text(value);
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(s);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return validDate(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
  }
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(s);
  if (match) {
    const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return validDate(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
  }
  match = /^(\d{1,2})\/(\d{4})$/.exec(s);
  if (match) {
    const [month, year] = [Number(match[1]), Number(match[2])];
    return validDate(year, month, 1) ? `${year}-${pad(month)}-01` : null;
  }
  return null;
}

/** The time part "HH:MM[:SS]" of a value, or "". */
export function parseTime(value: unknown): string {
  const match = /(?:^|[ T])(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(text(value));
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return "";
  return `${pad(Number(match[1]))}:${match[2]}${match[3] ? `:${match[3]}` : ""}`;
}

/** An http(s) URL or "" (empty, relative, `javascript:`… dropped; "//host/x" becomes https). */
export function parseHttpUrl(value: unknown): string {
  let s = text(value);
  if (s.startsWith("//")) s = `https:${s}`;
  if (!/^https?:\/\/[^\s/]+/i.test(s) || /\s/.test(s)) return "";
  try {
    return new URL(s).href;
  } catch {
    return "";
  }
}

/** Digits only ("(11) 99999-0000" → "11999990000"). */
export function digitsOnly(value: unknown): string {
  return text(value).replace(/\D+/g, "");
}

/**
 * Coordinates in WGS84 degrees, or both null (docs/vista-api.md §4.5): negatives
 * kept; "", "0", non-numbers and out-of-range values (|lat| > 90, |lon| > 180)
 * rejected; one bad half voids the pair (a point needs both).
 */
export function parseCoordinates(
  latitude: unknown,
  longitude: unknown,
): { latitude: number | null; longitude: number | null } {
  const lat = parseNumber(latitude);
  const lon = parseNumber(longitude);
  const ok = lat !== null && lon !== null && lat !== 0 && lon !== 0 && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  return ok ? { latitude: lat, longitude: lon } : { latitude: null, longitude: null };
}

/** A plausible year (1800…next decade) or null ("0", "" and typos like "19" → null). */
export function parseYear(value: unknown): number | null {
  const n = parseNumber(value);
  if (n === null || !Number.isInteger(n)) return null;
  return n >= 1800 && n <= new Date().getUTCFullYear() + 10 ? n : null;
}
