/**
 * Reading Vista's keyed bodies (docs/vista-api.md §4.1): items keyed by code in
 * server order with the `showtotal` counters as siblings, `{}`/`[]`/counters
 * only when empty. JSON.parse reorders integer-like keys, so the order is read
 * back from the raw text. Pure functions, no I/O.
 */
import { VISTA_COUNTER_KEYS, type VistaListingWire } from "./contract";

/** One page of `imoveis/listar`: the items in server order, and the counters when `showtotal=1`. */
export interface VistaListPage {
  items: VistaListingWire[];
  /** Matching listings in all pages. */
  total?: number;
  /** Number of pages at this page size. */
  paginas?: number;
  /** This page (1-based). */
  pagina?: number;
  /** Requested page size (Vista echoes it, not the item count). */
  quantidade?: number;
}

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A counter as a number: accepts numbers and numeric strings (docs/vista-api.md §3.6). */
export function counter(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** JS reorders integer-like keys ("12" before "AP1"); only those need the raw text scan. */
function isArrayIndexKey(key: string): boolean {
  return /^(0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;
}

/**
 * The keys of a JSON text's top-level object in the order they appear in the
 * text (JSON.parse loses it for integer-like keys). Returns null when the text
 * is not an object.
 */
export function topLevelKeyOrder(text: string): string[] | null {
  let i = 0;
  const n = text.length;
  const skipWhitespace = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xfeff) i++;
      else break;
    }
  };
  const skipString = () => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x5c)
        i += 2; // backslash escape
      else if (c === 0x22) {
        i++;
        return;
      } else i++;
    }
    throw new SyntaxError("unterminated string");
  };
  const skipValue = () => {
    let depth = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        skipString();
        continue;
      }
      if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (depth === 0) return;
        depth--;
      } else if (c === 0x2c && depth === 0) return;
      i++;
    }
  };
  try {
    skipWhitespace();
    if (text[i] !== "{") return null;
    i++;
    const keys: string[] = [];
    for (;;) {
      skipWhitespace();
      if (text[i] === "}") return keys;
      if (text[i] !== '"') return null;
      const start = i;
      skipString();
      keys.push(JSON.parse(text.slice(start, i)) as string);
      skipWhitespace();
      if (text[i] !== ":") return null;
      i++;
      skipValue();
      if (text[i] === ",") i++;
      else if (text[i] === "}") return keys;
      else return null;
    }
  } catch {
    return null;
  }
}

/**
 * The object-valued entries of a keyed body in server order, skipping the
 * counters. `text` is the raw body, used to recover the order of integer-like
 * keys (JS iterates them numerically, docs/vista-api.md §4.1 "TypeScript pitfall").
 */
export function orderedRecords(body: Record<string, unknown>, text: string): [string, Record<string, unknown>][] {
  let keys = Object.keys(body);
  if (keys.some(isArrayIndexKey)) keys = topLevelKeyOrder(text) ?? keys;
  const seen = new Set<string>();
  const out: [string, Record<string, unknown>][] = [];
  for (const key of keys) {
    if (seen.has(key) || (VISTA_COUNTER_KEYS as readonly string[]).includes(key)) continue;
    seen.add(key);
    const value = body[key];
    if (isRecord(value)) out.push([key, value]);
  }
  return out;
}

/**
 * Splits a `listar` body into items (server order) and counters
 * (docs/vista-api.md §4.1): `{}`, `[]` and counters-only bodies give no items.
 * `text` is the raw body. Items without `Codigo` get their key as code.
 */
export function parseListPage(body: unknown, text: string): VistaListPage {
  if (Array.isArray(body)) {
    return { items: body.filter(isRecord) as VistaListingWire[] };
  }
  if (!isRecord(body)) return { items: [] };
  const page: VistaListPage = { items: [] };
  for (const name of VISTA_COUNTER_KEYS) {
    const value = counter(body[name]);
    if (value !== undefined) page[name] = value;
  }
  for (const [key, item] of orderedRecords(body, text)) {
    const wire = item as VistaListingWire;
    page.items.push(typeof wire.Codigo === "string" && wire.Codigo !== "" ? wire : { ...wire, Codigo: key });
  }
  return page;
}
