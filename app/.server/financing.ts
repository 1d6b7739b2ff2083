/**
 * The financing simulator's settings (default yearly rate and term, named
 * bank rates) saved on `/admin/financiamento`: stored in `site_settings`
 * under the key "financing", read per listing view (one primary-key read;
 * public pages are page-cached anyway), else
 * {@link DEFAULT_FINANCING_SETTINGS}. A save announces "financing" so every
 * process empties its page cache (docs/decisions/0035-financing-simulator.md).
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { MAX_TERM_MONTHS, MAX_YEARLY_RATE_PERCENT, MIN_TERM_MONTHS } from "~/lib/financing";
import {
  DEFAULT_FINANCING_SETTINGS,
  type FinancingSettings,
  type FinancingSimulatorData,
  MAX_BANK_RATES,
  SIMULATION_PARAMS,
  simulationMessage,
} from "~/lib/financing-form";
import { readSimulation } from "~/lib/financing-simulation";
import { publicContentChanged } from "./admin/content-changed";
import { type Db, getDb } from "./db";
import { siteSettings } from "./db/schema";

/** Key of the row in `site_settings`. */
export const FINANCING_KEY = "financing";

const rate = z.number().min(0).max(MAX_YEARLY_RATE_PERCENT);

/** What is stored. */
const storedSchema = z.object({
  defaultYearlyRatePercent: rate,
  defaultTermMonths: z.number().int().min(MIN_TERM_MONTHS).max(MAX_TERM_MONTHS),
  banks: z.array(z.object({ name: z.string().min(1).max(60), yearlyRatePercent: rate })).max(MAX_BANK_RATES),
});

/**
 * The settings in effect: the saved ones, else the defaults (also when the
 * stored value is malformed or the read fails, which is logged).
 */
export async function getFinancingSettings(db: Db = getDb().db): Promise<FinancingSettings> {
  try {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, FINANCING_KEY));
    if (!row) return DEFAULT_FINANCING_SETTINGS;
    const parsed = storedSchema.safeParse(row.value);
    if (parsed.success) return parsed.data;
    console.error("[financiamento] valor guardado inválido; usando o padrão");
  } catch (error) {
    console.error("[financiamento] falha ao ler as configurações; usando o padrão", error);
  }
  return DEFAULT_FINANCING_SETTINGS;
}

/** Whether settings were saved in the admin area. */
export async function financingSettingsSaved(db: Db = getDb().db): Promise<boolean> {
  const [row] = await db
    .select({ key: siteSettings.key })
    .from(siteSettings)
    .where(eq(siteSettings.key, FINANCING_KEY));
  return Boolean(row);
}

/**
 * Saves the settings (upsert) and announces the change (page caches empty).
 * @param updatedBy uid of the admin.
 * @throws database errors.
 */
export async function saveFinancingSettings(
  settings: FinancingSettings,
  updatedBy: string | null,
  db: Db = getDb().db,
): Promise<void> {
  const value = storedSchema.parse(settings);
  await db
    .insert(siteSettings)
    .values({ key: FINANCING_KEY, value, updatedBy })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
  publicContentChanged("financing");
}

/** The simulator's query parameters of a URL (the ones present), for {@link ListingFinancing.query}. */
function simulatorQuery(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of [
    SIMULATION_PARAMS.downPayment,
    SIMULATION_PARAMS.term,
    SIMULATION_PARAMS.rate,
    SIMULATION_PARAMS.system,
  ]) {
    const value = url.searchParams.get(name);
    if (value !== null) query[name] = value.slice(0, 100);
  }
  return query;
}

/** What a sale listing page gets: the simulator's data, and the lead message carrying the simulation when asked. */
export interface ListingFinancing {
  simulator: FinancingSimulatorData;
  /** The "mais informações" message with the simulation (`contato=1` and valid fields), else null. */
  message: string | null;
}

/**
 * The simulator of a listing page, or null when the listing has no sale
 * price (rent only). Never throws on bad parameters: they become messages.
 * @param url the page URL (its `entrada`, `prazo`, `juros`, `sistema`, `contato`).
 * @param path the listing's canonical path.
 */
export async function listingFinancing(
  url: URL,
  path: string,
  listing: { code: string; salePrice: number | null },
  db?: Db,
): Promise<ListingFinancing | null> {
  const price = listing.salePrice;
  if (!price || !(price > 0)) return null;
  const settings = await getFinancingSettings(db);
  const query = simulatorQuery(url);
  const simulation = readSimulation(new URLSearchParams(query), price, settings);
  const message =
    url.searchParams.get(SIMULATION_PARAMS.contact) === "1" && simulation.result
      ? simulationMessage(listing.code, simulation.result, simulation.values.sistema)
      : null;
  return { simulator: { price, settings, query, simulation, path }, message };
}
