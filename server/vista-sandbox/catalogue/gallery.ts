/**
 * Photo galleries of the sandbox catalogue (which scenes, captions and order;
 * the images are drawn on request by ../photos.ts).
 */
import type { Rng } from "../prng";
import type { SandboxPhoto } from "./model";

/** Order in which the scenes of a building gallery are considered. */
const BUILDING_SCENES: [scene: string, description: string, infra: string | null][] = [
  ["facade", "Fachada", null],
  ["lobby", "Hall de entrada", null],
  ["pool", "Piscina", "PiscinaColetiva"],
  ["gym", "Academia", "SalaFitness"],
  ["party", "Salão de festas", "SalaoFestas"],
  ["playground", "Playground", "Playground"],
  ["gourmet", "Espaço gourmet", "EspacoGourmet"],
  ["gourmet", "Churrasqueira", "ChurrasqueiraCondominio"],
  ["garden", "Jardim", "Jardim"],
  ["garden", "Área comum", null],
];

/** The gallery of a building: 3–6 common-area photos, only of amenities it has. */
export function buildingPhotos(rng: Rng, infra: ReadonlySet<string>): SandboxPhoto[] {
  const count = rng.int(3, 6);
  const photos: SandboxPhoto[] = [];
  const used = new Set<string>();
  for (const [scene, description, needs] of BUILDING_SCENES) {
    if (photos.length === count) break;
    if (needs && !infra.has(needs)) continue;
    if (used.has(`${scene}:${description}`)) continue;
    used.add(`${scene}:${description}`);
    photos.push({
      scene,
      description,
      kind: scene === "facade" ? "Externa" : "Imagem",
      order: photos.length + 1,
      visible: true,
    });
  }
  while (photos.length < count) {
    photos.push({
      scene: "garden",
      description: "Área comum",
      kind: "Imagem",
      order: photos.length + 1,
      visible: true,
    });
  }
  return photos;
}

/** The gallery of a unit: 3–8 photos planned from its rooms and features, with real tenants' quirks. */
export function listingPhotos(
  rng: Rng,
  facts: {
    bedrooms: number;
    suites: number;
    features: ReadonlySet<string>;
    category: string;
    area: number;
    building: boolean;
  },
): SandboxPhoto[] {
  const count = Math.min(
    8,
    Math.max(3, rng.int(3, 5) + (facts.area >= 90 ? rng.int(0, 2) : 0) + (facts.bedrooms >= 3 ? 1 : 0)),
  );
  const plan: [scene: string, description: string, kind: string][] = [];
  plan.push(["living", facts.features.has("SalaJantar") ? "Sala de estar e jantar" : "Sala de estar", "Imagem"]);
  plan.push(["kitchen", facts.features.has("CozinhaAmericana") ? "Cozinha americana" : "Cozinha", "Imagem"]);
  plan.push(["bedroom", facts.suites > 0 ? "Suíte" : "Dormitório", "Imagem"]);
  if (facts.features.has("Sacada") || facts.features.has("Terraco")) {
    plan.push([
      facts.features.has("SacadaComChurrasqueira") ? "balcony-grill" : "balcony",
      facts.features.has("Terraco")
        ? "Terraço"
        : facts.features.has("SacadaComChurrasqueira")
          ? "Sacada com churrasqueira"
          : "Sacada",
      "Imagem",
    ]);
  }
  plan.push(["bathroom", "Banheiro", "Imagem"]);
  if (facts.bedrooms >= 2) plan.push(["bedroom", "Dormitório", "Imagem"]);
  if (rng.chance(0.5) || facts.building) plan.push(["facade", "Fachada", "Externa"]);
  if (facts.bedrooms >= 3) plan.push(["bedroom", "Dormitório", "Imagem"]);
  plan.push(["living", "Sala de jantar", "Imagem"]);
  const photos: SandboxPhoto[] = [];
  for (let i = 0; i < Math.min(count, plan.length); i++) {
    const [scene, description, kind] = plan[i] as [string, string, string];
    photos.push({ scene, description, kind, order: i + 1, visible: true });
  }
  while (photos.length < count) {
    photos.push({ scene: "living", description: "Ambiente", kind: "Imagem", order: photos.length + 1, visible: true });
  }
  // A floor plan closes about a third of the galleries.
  if (rng.chance(0.35)) {
    const last = photos[photos.length - 1] as SandboxPhoto;
    photos[photos.length - 1] = {
      ...last,
      scene: "plan",
      description: `Planta ${facts.bedrooms} dorm.`,
      kind: "Planta",
    };
  }
  // Quirks of real tenants (docs/vista-api.md §4.2): a photo hidden from the site,
  // and galleries whose keys are not in `Ordem` order.
  if (rng.chance(0.1)) {
    // Keys keep their position; `Ordem` rotates so the cover ("Ordem" 1) sits at another key.
    const n = photos.length;
    const shift = rng.int(1, n - 1);
    for (let i = 0; i < n; i++) photos[i] = { ...(photos[i] as SandboxPhoto), order: ((i + shift) % n) + 1 };
  }
  if (rng.chance(0.05) && photos.length > 3) {
    const last = photos[photos.length - 1] as SandboxPhoto;
    if (last.order !== 1) photos[photos.length - 1] = { ...last, visible: false };
  }
  return photos;
}
