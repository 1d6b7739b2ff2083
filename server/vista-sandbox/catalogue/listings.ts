/**
 * One listing of the sandbox catalogue from its CSV row: the real values of
 * the row, completed with what a Vista tenant holds (address, dates, broker,
 * flags, features) from a PRNG seeded by the row index.
 */
import type { Coordinates } from "../coordinates";
import { Rng, hashString } from "../prng";
import { BROKERS, type SandboxBroker } from "../vocabulary";
import { cepFor, streetsOf, zoneOf } from "./addresses";
import type { RowContext } from "./buildings";
import { cityOf, neighbourhoodOf, type DatasetRow } from "./dataset";
import { REFERENCE_DATE, addDays, daysBetween, pad2 } from "./dates";
import { ORIENTATIONS, chooseCategory, deriveFeatures, deriveInfra, estimateIptu } from "./features";
import type { SandboxBuilding, SandboxListing } from "./model";

/** What {@link buildListing} needs beyond the row: the buildings and the neighbourhood centroids. */
export interface ListingContext extends RowContext {
  buildingOfRow: ReadonlyMap<number, SandboxBuilding>;
  /** Centre of a neighbourhood's listings (zone and CEP for rows without coordinates). */
  centroidOf(neighbourhood: string): Coordinates;
  /** Share (0..1) of listings hidden from the site. */
  hiddenShare: number;
}

/** The listing of CSV row `index`. Deterministic: seeded by the index (visibility by the code). */
export function buildListing(row: DatasetRow, index: number, ctx: ListingContext): SandboxListing {
  const rng = new Rng(`listing:${index}`);
  const code = ctx.codeOf(index);
  const building = ctx.buildingOfRow.get(index) ?? null;
  const neighbourhood = neighbourhoodOf(row);
  const city = cityOf(row);
  const c = ctx.coordinates[index] ?? null;
  const tier = ctx.tiers[index] as number;
  const sale = row.negotiation === "sale";
  const category = chooseCategory(rng, row);

  const floors = building?.floors ?? (row.elevator ? rng.int(4, 20) : rng.int(2, 4));
  const floor = category === "Cobertura" ? floors : rng.int(1, floors);
  const yearBuilt =
    building?.yearBuilt ?? (row.isNew ? rng.int(2027, 2028) : row.elevator ? rng.int(1970, 2022) : rng.int(1960, 2005));
  const [orientation, orientationFlags] = rng.pick(ORIENTATIONS);
  const features = deriveFeatures(rng, row, category, tier, floor, orientationFlags);
  const infra = building
    ? building.infra
    : deriveInfra(rng, {
        elevator: row.elevator,
        pool: row.pool,
        parking: row.parking > 0,
        tier,
        launch: row.isNew,
        floors,
      });

  const position = c ?? ctx.centroidOf(neighbourhood);
  const { zone, cepPrefix } = zoneOf(position.latitude, position.longitude);
  const street = building ? { type: building.streetType, name: building.street } : rng.pick(streetsOf(neighbourhood));
  const number = building?.number ?? String(rng.int(10, 3999));
  const cep = building?.cep ?? cepFor(cepPrefix, rng);
  const complement = `Apto ${floor}${rng.int(1, building?.unitsPerFloor ?? 4)}`;

  const createdAt = addDays(REFERENCE_DATE, -(row.isNew ? rng.int(15, 150) : rng.int(20, 300)));
  const span = daysBetween(createdAt, REFERENCE_DATE);
  // Spread evenly up to the day before the reference date, so a delta sync
  // (`DataAtualizacao >= last seen`) re-reads only a day's worth of listings.
  const updatedAt = addDays(REFERENCE_DATE, -1 - Math.floor((span - 1) * rng.next()));
  const updatedTime = `${pad2(rng.int(8, 19))}:${pad2(rng.int(0, 59))}:${pad2(rng.int(0, 59))}`;

  const broker = BROKERS[hashString(`${neighbourhood}:${index % 3}`) % BROKERS.length] as SandboxBroker;
  const launch = row.isNew;
  const deliveryDate = building?.deliveryDate || (launch ? `${yearBuilt}-${pad2(rng.int(1, 12))}-01` : "");
  const featured = rng.chance(0.02);
  const exclusive = rng.chance(0.1);
  const hasSign = rng.chance(0.3);
  const acceptsFinancing = sale && rng.chance(0.85);
  const condoFee = row.condo > 0 ? row.condo : null;
  const iptu = estimateIptu(rng, row);

  const listing: SandboxListing = {
    index,
    code,
    status: sale ? "Venda" : "Aluguel",
    category,
    salePrice: sale ? row.price : 0,
    rentPrice: sale ? 0 : row.price,
    condoFee,
    iptu,
    area: row.size,
    bedrooms: row.rooms,
    bathrooms: row.toilets,
    suites: row.suites,
    parking: row.parking,
    neighbourhood,
    city,
    state: "SP",
    latitude: c?.latitude ?? null,
    longitude: c?.longitude ?? null,
    zone,
    cep,
    streetType: street.type,
    street: street.name,
    number,
    complement,
    floor,
    floors,
    yearBuilt,
    deliveryDate,
    createdAt,
    updatedAt,
    updatedTime,
    brokerCode: broker.code,
    featured,
    superFeatured: featured && rng.chance(0.2),
    launch,
    exclusive,
    showOnSite: new Rng(`visibility:${code}`).next() >= ctx.hiddenShare,
    acceptsFinancing,
    acceptsExchange: rng.chance(0.15),
    acceptsDacao: rng.chance(0.08),
    hasSign,
    situation: launch ? "Novo" : yearBuilt >= 2021 ? "Novo" : "Usado",
    occupancy: rng.chance(0.7) ? "Desocupado" : "Ocupado",
    orientation,
    features,
    infra,
    no: rng.chance(0.05) ? "Não" : "Nao",
    building,
  };
  return listing;
}
