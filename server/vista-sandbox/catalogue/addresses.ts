/**
 * Invented but plausible São Paulo addresses and contacts: zones and CEPs from
 * a position, a handful of streets per neighbourhood, phone numbers.
 */
import { pad2 } from "./dates";
import { Rng } from "../prng";
import { foldAccents } from "../vocabulary";
import { STREET_NAMES, STREET_TYPES } from "../vocabulary-places";

/** Sé cathedral, the centre São Paulo addresses are zoned around. */
export const CITY_CENTRE = { latitude: -23.5505, longitude: -46.6333 };

/** Zone name ("Centro", "Zona Norte"…) and a plausible CEP prefix from a position. */
export function zoneOf(latitude: number, longitude: number): { zone: string; cepPrefix: number } {
  const dLat = latitude - CITY_CENTRE.latitude;
  const dLon = longitude - CITY_CENTRE.longitude;
  if (Math.hypot(dLat, dLon) < 0.03) return { zone: "Centro", cepPrefix: 1 };
  if (Math.abs(dLat) >= Math.abs(dLon))
    return dLat > 0 ? { zone: "Zona Norte", cepPrefix: 2 } : { zone: "Zona Sul", cepPrefix: 4 };
  if (dLon > 0) return { zone: "Zona Leste", cepPrefix: longitude > -46.5 ? 8 : 3 };
  return { zone: "Zona Oeste", cepPrefix: 5 };
}

/** A CEP ("04532-120") starting with the zone prefix `prefix`. */
export function cepFor(prefix: number, rng: Rng): string {
  return `${String(prefix).padStart(2, "0")}${rng.int(0, 9)}${rng.int(0, 9)}${rng.int(0, 9)}-${pad2(rng.int(0, 99))}0`;
}

const streetsCache = new Map<string, { type: string; name: string }[]>();

/** The streets of a neighbourhood: a fixed handful of the fictional names, picked by its name. */
export function streetsOf(neighbourhood: string): { type: string; name: string }[] {
  let streets = streetsCache.get(neighbourhood);
  if (!streets) {
    const rng = new Rng(`streets:${neighbourhood}`);
    streets = [];
    for (let i = 0; i < 8; i++) streets.push({ type: rng.pick(STREET_TYPES), name: rng.pick(STREET_NAMES) });
    streetsCache.set(neighbourhood, streets);
  }
  return streets;
}

const foldedNames = new Map<string, string>();

/** {@link foldAccents} memoised: only a few hundred distinct names exist. */
export function folded(name: string): string {
  let value = foldedNames.get(name);
  if (value === undefined) {
    value = foldAccents(name);
    foldedNames.set(name, value);
  }
  return value;
}

/** A São Paulo mobile number, "(11) 9XXXX-XXXX". */
export function mobilePhone(rng: Rng): string {
  return `(11) 9${rng.int(6000, 9999)}-${String(rng.int(0, 9999)).padStart(4, "0")}`;
}
