/**
 * Derived facts of the sandbox listings: category, unit features (`carac`),
 * building amenities (`infra`), price tiers and IPTU, drawn from the CSV's
 * real values and a seeded PRNG.
 */
import type { Rng } from "../prng";
import type { DatasetRow } from "./dataset";

/** Facing directions (`Orientacao`) and the `carac` flags each one sets. */
export const ORIENTATIONS: [name: string, flags: string[]][] = [
  ["Norte", ["Norte"]],
  ["Sul", ["Sul"]],
  ["Leste", ["Leste"]],
  ["Oeste", ["Oeste"]],
  ["Nordeste", ["Norte", "Leste"]],
  ["Noroeste", ["Norte", "Oeste"]],
  ["Sudeste", ["Sul", "Leste"]],
  ["Sudoeste", ["Sul", "Oeste"]],
];

/** Adds `name` to `set` with probability `p` (clamped to 0..1). */
function maybeAdd(set: Set<string>, rng: Rng, name: string, p: number): void {
  if (rng.chance(Math.min(1, Math.max(0, p)))) set.add(name);
}

/** Building amenities drawn from the units' real flags plus a price-tier-driven share of extras. */
export function deriveInfra(
  rng: Rng,
  facts: { elevator: boolean; pool: boolean; parking: boolean; tier: number; launch: boolean; floors: number },
): Set<string> {
  const infra = new Set<string>(["EdificioResidencial", "Interfone"]);
  const t = facts.tier;
  const lift = facts.launch ? 0.25 : 0;
  if (facts.elevator) {
    infra.add("Elevador");
    if (facts.floors >= 10) maybeAdd(infra, rng, "ElevadorServico", 0.6);
  }
  if (facts.pool) {
    infra.add("PiscinaColetiva");
    maybeAdd(infra, rng, "PiscinaInfantil", 0.4);
    maybeAdd(infra, rng, "PiscinaAquecida", 0.1 + 0.35 * t + lift);
  }
  if (facts.parking) {
    infra.add("Garagem");
    maybeAdd(infra, rng, "GaragemCoberta", 0.7);
  }
  const rich = (facts.pool ? 0.25 : 0) + (facts.elevator ? 0.1 : 0) + 0.35 * t + lift;
  maybeAdd(infra, rng, "Portaria", 0.75 + (facts.elevator ? 0.2 : 0));
  if (infra.has("Portaria")) maybeAdd(infra, rng, "Portaria24Hrs", 0.3 + 0.5 * t + lift);
  maybeAdd(infra, rng, "SalaoFestas", 0.3 + rich);
  maybeAdd(infra, rng, "Playground", 0.2 + rich);
  maybeAdd(infra, rng, "SalaFitness", 0.1 + rich);
  maybeAdd(infra, rng, "ChurrasqueiraCondominio", 0.2 + rich);
  maybeAdd(infra, rng, "EspacoGourmet", 0.05 + rich * 0.6);
  maybeAdd(infra, rng, "SalaoJogos", 0.1 + rich * 0.5);
  maybeAdd(infra, rng, "QuadraPoliEsportiva", 0.05 + rich * 0.4);
  if (!infra.has("QuadraPoliEsportiva")) maybeAdd(infra, rng, "QuadraEsportes", 0.05 + rich * 0.2);
  maybeAdd(infra, rng, "Jardim", 0.35);
  maybeAdd(infra, rng, "Bicicletario", 0.1 + rich * 0.3);
  maybeAdd(infra, rng, "Brinquedoteca", 0.05 + rich * 0.3);
  maybeAdd(infra, rng, "PetPlace", 0.03 + rich * 0.2 + lift);
  maybeAdd(infra, rng, "Coworking", 0.02 + rich * 0.1 + lift);
  maybeAdd(infra, rng, "Lavanderia", 0.08);
  maybeAdd(infra, rng, "SaunaCondominio", 0.04 + rich * 0.25);
  maybeAdd(infra, rng, "CircuitoFechadoTV", 0.45 + 0.3 * t);
  maybeAdd(infra, rng, "PortaoEletronico", 0.8);
  maybeAdd(infra, rng, "CondominioFechado", 0.25);
  maybeAdd(infra, rng, "EstacionamentoVisitantes", 0.1 + rich * 0.2);
  maybeAdd(infra, rng, "GeradorEnergia", 0.1 + rich * 0.2);
  maybeAdd(infra, rng, "Zelador", 0.55);
  maybeAdd(infra, rng, "GasCentral", 0.35);
  maybeAdd(infra, rng, "AquecimentoCentral", 0.05 + 0.1 * t);
  return infra;
}

/** The listing category: mostly "Apartamento", with studios, penthouses and duplexes where the size fits. */
export function chooseCategory(rng: Rng, row: DatasetRow): string {
  if (row.size <= 40 && row.rooms <= 1 && rng.chance(0.5)) return "Studio";
  if (row.size >= 150 && row.suites >= 2 && rng.chance(0.25)) return "Cobertura";
  if (row.size >= 110 && row.rooms >= 3 && rng.chance(0.07)) return "Apartamento Duplex";
  return "Apartamento";
}

/** The unit's `carac` flags: the CSV's real ones plus extras drawn by size, category and price tier. */
export function deriveFeatures(
  rng: Rng,
  row: DatasetRow,
  category: string,
  tier: number,
  floor: number,
  orientationFlags: string[],
): Set<string> {
  const features = new Set<string>(["Cozinha", "Sala"]);
  const studio = category === "Studio";
  if (row.furnished) features.add("Mobiliado");
  else maybeAdd(features, rng, "SemiMobiliado", 0.08);
  if (row.pool) features.add("Piscina");
  maybeAdd(features, rng, "AreaServico", studio ? 0.4 : 0.92);
  maybeAdd(features, rng, "CozinhaAmericana", studio ? 0.85 : 0.3);
  maybeAdd(features, rng, "CozinhaPlanejada", 0.25 + 0.35 * tier);
  maybeAdd(features, rng, "ArmarioEmbutido", 0.6);
  maybeAdd(features, rng, "DormitorioComArmario", 0.45);
  maybeAdd(features, rng, "Sacada", category === "Cobertura" ? 0.5 : 0.45);
  if (category === "Cobertura") {
    features.add("Terraco");
    maybeAdd(features, rng, "Churrasqueira", 0.8);
  } else {
    maybeAdd(features, rng, "Churrasqueira", 0.12 + 0.25 * tier);
  }
  if (features.has("Sacada") && features.has("Churrasqueira")) maybeAdd(features, rng, "SacadaComChurrasqueira", 0.6);
  if (row.suites > 0) maybeAdd(features, rng, "SuiteMaster", 0.65);
  if (row.size >= 80) maybeAdd(features, rng, "Lavabo", 0.5);
  if (row.rooms >= 2) {
    features.add("SalaEstar");
    maybeAdd(features, rng, "SalaJantar", 0.7);
  }
  maybeAdd(features, rng, "AceitaPet", 0.55);
  maybeAdd(features, rng, "ArCondicionado", 0.1 + 0.3 * tier);
  if (features.has("ArCondicionado")) maybeAdd(features, rng, "Split", 0.7);
  maybeAdd(features, rng, "Internet", 0.3);
  maybeAdd(features, rng, "TVCabo", 0.25);
  if (row.size >= 120) {
    maybeAdd(features, rng, "WCEmpregada", 0.6);
    maybeAdd(features, rng, "DependenciaDeEmpregada", 0.45);
    maybeAdd(features, rng, "Escritorio", 0.3);
  }
  if (tier > 0.75) maybeAdd(features, rng, "Hidromassagem", 0.3);
  if (floor >= 10) maybeAdd(features, rng, "VistaPanoramica", 0.35);
  maybeAdd(features, rng, "Despensa", 0.15);
  if (row.toilets - row.suites >= 1) features.add("BanheiroSocial");
  for (const flag of orientationFlags) features.add(flag);
  return features;
}

/** Quantile rank (0..1) of price per m² within each purpose, so "richer" listings get richer extras. */
export function priceTiers(rows: readonly DatasetRow[]): number[] {
  const tiers = new Array<number>(rows.length).fill(0.5);
  for (const purpose of ["sale", "rent"] as const) {
    const indexes = rows
      .map((row, index) => ({
        index,
        ppm: row.price > 0 && row.size > 0 ? row.price / row.size : -1,
        purpose: row.negotiation,
      }))
      .filter((entry) => entry.purpose === purpose && entry.ppm > 0)
      .sort((a, b) => a.ppm - b.ppm || a.index - b.index);
    indexes.forEach((entry, rank) => {
      tiers[entry.index] = indexes.length > 1 ? rank / (indexes.length - 1) : 0.5;
    });
  }
  return tiers;
}

/** Annual IPTU in BRL: ~0.45% of an estimated market value (sale price, or 250 × the monthly rent). */
export function estimateIptu(rng: Rng, row: DatasetRow): number {
  if (row.price <= 0) return 0;
  const marketValue = row.negotiation === "sale" ? row.price : row.price * 250;
  return Math.round((marketValue * 0.0045 * rng.float(0.7, 1.3)) / 10) * 10;
}
