/**
 * Buildings of the sandbox catalogue: rows at identical repaired coordinates
 * are units of one building, which gets a unique name, an address, amenities
 * shared by every unit, a description and a gallery.
 */
import type { Coordinates } from "../coordinates";
import { Rng } from "../prng";
import { composeBuildingDescription } from "../text";
import {
  BUILDERS,
  BUILDING_HEADS,
  BUILDING_PREFIXES,
  BUILDING_SOLO,
  BUILDING_TAILS,
  DEVELOPERS,
  ROMAN,
} from "../vocabulary-places";
import { cepFor, streetsOf, zoneOf } from "./addresses";
import { cityOf, neighbourhoodOf, type DatasetRow } from "./dataset";
import { pad2 } from "./dates";
import { deriveInfra } from "./features";
import { buildingPhotos } from "./gallery";
import type { SandboxBuilding } from "./model";

/** What the catalogue builder knows of every CSV row, by row index. */
export interface RowContext {
  rows: readonly DatasetRow[];
  /** Repaired coordinates, null when unrepairable. */
  coordinates: readonly (Coordinates | null)[];
  /** Price tier (0..1) of each row, see `priceTiers`. */
  tiers: readonly number[];
  /** The listing code of a row. */
  codeOf(rowIndex: number): string;
}

interface BuildingSeed {
  key: string;
  rows: number[];
}

/**
 * The buildings of the catalogue (two or more rows at identical repaired
 * coordinates), numbered from 1001 in order of first appearance, and the
 * building of each row that is in one.
 */
export function buildBuildings(ctx: RowContext): {
  buildings: SandboxBuilding[];
  buildingOfRow: Map<number, SandboxBuilding>;
} {
  const groups = new Map<string, BuildingSeed>();
  ctx.rows.forEach((_, i) => {
    const c = ctx.coordinates[i];
    if (!c) return;
    const key = `${c.latitude},${c.longitude}`;
    const group = groups.get(key) ?? { key, rows: [] };
    group.rows.push(i);
    groups.set(key, group);
  });
  const usedNames = new Set<string>();
  const buildingOfRow = new Map<number, SandboxBuilding>();
  const buildings: SandboxBuilding[] = [];
  for (const group of groups.values()) {
    if (group.rows.length < 2) continue;
    const building = buildBuilding(group, ctx, usedNames, buildings.length);
    buildings.push(building);
    for (const i of group.rows) buildingOfRow.set(i, building);
  }
  return { buildings, buildingOfRow };
}

/** One building from its group of rows; `sequence` is how many were built before it. */
function buildBuilding(
  group: BuildingSeed,
  ctx: RowContext,
  usedNames: Set<string>,
  sequence: number,
): SandboxBuilding {
  const rng = new Rng(`building:${group.key}`);
  const units = group.rows.map((i) => ctx.rows[i] as DatasetRow);
  const counts = new Map<string, number>();
  for (const unit of units) counts.set(neighbourhoodOf(unit), (counts.get(neighbourhoodOf(unit)) ?? 0) + 1);
  const neighbourhood = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  const c = ctx.coordinates[group.rows[0] as number] as { latitude: number; longitude: number };
  const elevator = units.some((u) => u.elevator);
  const launch = units.some((u) => u.isNew);
  const tier = group.rows.reduce((sum, i) => sum + (ctx.tiers[i] as number), 0) / group.rows.length;
  const floors = launch ? rng.int(12, 30) : elevator ? rng.int(5, 24) : rng.int(2, 4);
  const infra = deriveInfra(rng, {
    elevator,
    pool: units.some((u) => u.pool),
    parking: units.some((u) => u.parking > 0),
    tier,
    launch,
    floors,
  });

  let base: string;
  const prefix = rng.pick(BUILDING_PREFIXES);
  base = rng.chance(0.55)
    ? `${prefix} ${rng.pick(BUILDING_HEADS)} ${rng.pick(BUILDING_TAILS)}`
    : `${prefix} ${rng.pick(BUILDING_SOLO)}`;
  base = base
    .replace("Residencial Residencial", "Residencial")
    .replace("Condomínio Residencial Residencial", "Condomínio Residencial");
  let name = base;
  for (let k = 0; usedNames.has(name); k++) {
    name = k < ROMAN.length ? `${base} ${ROMAN[k]}` : `${base} ${neighbourhood} ${k}`;
  }
  usedNames.add(name);

  const street = rng.pick(streetsOf(neighbourhood));
  const { zone, cepPrefix } = zoneOf(c.latitude, c.longitude);
  const yearBuilt = launch ? rng.int(2027, 2028) : elevator ? rng.int(1972, 2022) : rng.int(1962, 2005);
  const deliveryDate = launch ? `${yearBuilt}-${pad2(rng.int(1, 12))}-01` : "";
  const unitsPerFloor = rng.int(2, 8);
  const builder = rng.pick(BUILDERS);
  const building: SandboxBuilding = {
    code: String(1001 + sequence),
    name,
    description: "",
    neighbourhood,
    city: cityOf(units[0] as DatasetRow),
    latitude: c.latitude,
    longitude: c.longitude,
    streetType: street.type,
    street: street.name,
    number: String(rng.int(10, 3999)),
    cep: cepFor(cepPrefix, rng),
    zone,
    floors,
    unitsPerFloor,
    elevators: elevator ? (floors >= 15 ? rng.int(2, 3) : rng.int(1, 2)) : 0,
    yearBuilt,
    builder,
    developer: launch || rng.chance(0.3) ? rng.pick(DEVELOPERS) : "",
    launch,
    deliveryDate,
    workStart: launch ? `${yearBuilt - 3 + rng.int(0, 1)}-${pad2(rng.int(1, 12))}-01` : "",
    infra,
    photos: buildingPhotos(rng, infra),
    unitCodes: group.rows.map((i) => ctx.codeOf(i)),
  };
  building.description = composeBuildingDescription(
    {
      name,
      neighbourhood,
      floors,
      unitsPerFloor,
      yearBuilt,
      launch,
      deliveryDate,
      builder: launch ? builder : "",
      infra: [...infra],
    },
    rng,
  );
  return building;
}
