/**
 * Repair of the data set's broken coordinates (shared/datasets/README.md,
 * "Known defects"): the values lost their decimal point and gained thousands
 * separators, so `-23.543.138` means -23.543138, `-2.354.984` means -23.54984
 * and `-236.006` means -23.6006. A value is repaired against the São Paulo
 * bounding box; one that cannot be repaired is dropped (null), never invented.
 */

/** São Paulo bounding box in WGS84 degrees (dataset README): lat -24.0..-23.3, lon -46.9..-46.3. */
export const SAO_PAULO_BOUNDS = {
  latitude: { min: -24.0, max: -23.3 },
  longitude: { min: -46.9, max: -46.3 },
} as const;

/** Which coordinate a raw value is. */
export type Axis = "latitude" | "longitude";

/**
 * Repairs one raw coordinate of the CSV.
 *
 * Every digit is kept in order and a decimal point is tried after the first
 * digit, the first two digits, … ; the first reading that falls inside the São
 * Paulo box for that axis wins (all São Paulo values have two integer digits,
 * so in practice that is "after two digits"). The sign is forced negative:
 * São Paulo lies south and west of Greenwich.
 *
 * @param raw the CSV cell, e.g. "-23.543.138", "-2.354.984", "0.0", "".
 * @returns degrees, e.g. -23.543138, or null when no reading fits the box.
 */
export function repairCoordinate(raw: string, axis: Axis): number | null {
  const text = raw.trim();
  if (!/^[-+]?[\d.,]+$/.test(text)) return null;
  const digits = text.replace(/[^\d]/g, "").replace(/^0+(?=\d)/, "");
  if (digits.length < 2 || /^0+$/.test(digits)) return null;
  const { min, max } = SAO_PAULO_BOUNDS[axis];
  for (let integerDigits = 1; integerDigits <= digits.length; integerDigits++) {
    const fraction = digits.slice(integerDigits);
    const reading = -Number(fraction ? `${digits.slice(0, integerDigits)}.${fraction}` : digits);
    if (reading >= min && reading <= max) return reading;
  }
  return null;
}

/** A WGS84 position in degrees. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * Repairs a latitude/longitude pair. A map pin needs both, so when either value
 * cannot be repaired the pair is dropped.
 * @returns the repaired pair, or null (the listing then has no map pin: `""` on the wire).
 */
export function repairCoordinates(rawLatitude: string, rawLongitude: string): Coordinates | null {
  const latitude = repairCoordinate(rawLatitude, "latitude");
  const longitude = repairCoordinate(rawLongitude, "longitude");
  if (latitude === null || longitude === null) return null;
  return { latitude, longitude };
}
