/**
 * The agency profile (razão social, CNPJ, CRECI, address, contacts, opening
 * hours, social profiles, encarregado, lead retention): the single row of
 * `agency_profile` saved on `/admin/imobiliaria`, else defaults from the
 * configuration (`AGENCY_*`, `WHATSAPP_NUMBER`, `LEADS_EMAIL`,
 * `LEAD_RETENTION_MONTHS`). Kept in memory like the appearance
 * (`./appearance.ts`): loaded on first use, reloaded at once after a save in
 * this process and in the background when older than
 * {@link AGENCY_REFRESH_MS} (other processes). The cache is a `singleton()`
 * (ADR 0001).
 */
import { eq, sql } from "drizzle-orm";
import { type AgencyProfile, DEFAULT_LEAD_RETENTION_MONTHS } from "~/lib/agency";
import { type AgencyFormValue, normalizeCnpj, toAgencyProfile } from "~/lib/agency-form";
import { normalizeBrazilianPhone } from "~/lib/phone";
import { publicContentChanged } from "./admin/content-changed";
import { type Config, defaultTitle, getConfig } from "./config";
import { type Db, getDb } from "./db";
import { agencyProfile } from "./db/schema";
import { singleton } from "./singleton";

/** Age (ms) after which a read reloads the stored profile in the background. */
const AGENCY_REFRESH_MS = 30_000;
/** Primary key of the single row. */
const ROW_ID = 1;

interface AgencyCache {
  value: AgencyProfile | null;
  loaded: boolean;
  loadedAt: number;
  db: Db | null;
  loading: Promise<void> | null;
}

function cache(): AgencyCache {
  return singleton("agency-profile-cache", (): AgencyCache => ({
    value: null,
    loaded: false,
    loadedAt: 0,
    db: null,
    loading: null,
  }));
}

/**
 * The profile from the configuration alone: trade name `AGENCY_NAME`, legal
 * name `AGENCY_LEGAL_NAME` (else the site's default title), CNPJ, CRECI,
 * e-mail (`AGENCY_EMAIL`, else `LEADS_EMAIL`), phone, WhatsApp, encarregado
 * and `LEAD_RETENTION_MONTHS`; no address, hours or social links.
 */
export function defaultAgencyProfile(config: Config = getConfig()): AgencyProfile {
  const email = config.AGENCY_EMAIL ?? config.LEADS_EMAIL ?? null;
  return {
    legalName: config.AGENCY_LEGAL_NAME ?? defaultTitle(config),
    tradeName: config.AGENCY_NAME,
    cnpj: config.AGENCY_CNPJ ? normalizeCnpj(config.AGENCY_CNPJ) : null,
    creci: config.AGENCY_CRECI ?? null,
    street: null,
    number: null,
    complement: null,
    neighbourhood: null,
    city: null,
    state: null,
    postalCode: null,
    phone: config.AGENCY_PHONE ? (normalizeBrazilianPhone(config.AGENCY_PHONE) ?? null) : null,
    whatsapp: config.WHATSAPP_NUMBER ?? null,
    email,
    openingHours: [],
    social: {},
    dpoName: config.AGENCY_DPO_NAME ?? null,
    dpoEmail: config.AGENCY_DPO_EMAIL ?? email,
    leadRetentionMonths: config.LEAD_RETENTION_MONTHS ?? DEFAULT_LEAD_RETENTION_MONTHS,
  };
}

/** The stored row as a profile (null when none). */
async function readAgencyProfile(db: Db): Promise<AgencyProfile | null> {
  const [row] = await db.select().from(agencyProfile).where(eq(agencyProfile.id, ROW_ID));
  if (!row) return null;
  const { id: _id, updatedAt: _updatedAt, updatedBy: _updatedBy, ...profile } = row;
  return { ...profile, openingHours: profile.openingHours ?? [], social: profile.social ?? {} };
}

/**
 * (Re)loads the stored profile into memory and remembers `db` for the
 * background refreshes.
 * @returns the stored profile, or null when none was saved.
 * @throws database errors (the previous value stays in use).
 */
export async function loadAgencyProfile(db: Db = getDb().db): Promise<AgencyProfile | null> {
  const state = cache();
  state.db = db;
  state.value = await readAgencyProfile(db);
  state.loaded = true;
  state.loadedAt = Date.now();
  return state.value;
}

/**
 * The profile in effect: the saved one, else {@link defaultAgencyProfile}.
 * Loads it on first use; afterwards answers from memory and starts a
 * background reload when older than {@link AGENCY_REFRESH_MS}. A failed
 * first load is logged and answers the defaults.
 */
export async function getAgencyProfile(db?: Db): Promise<AgencyProfile> {
  const state = cache();
  if (!state.loaded || (db && state.db !== db)) {
    try {
      await loadAgencyProfile(db ?? getDb().db);
    } catch (error) {
      console.error("[imobiliaria] falha ao ler os dados da imobiliária; usando a configuração", error);
    }
  } else if (state.db && !state.loading && Date.now() - state.loadedAt > AGENCY_REFRESH_MS) {
    const current = state.db;
    state.loading = loadAgencyProfile(current)
      .then(() => undefined)
      .catch((error: unknown) => console.error("[imobiliaria] falha ao recarregar os dados da imobiliária", error))
      .finally(() => {
        state.loading = null;
      });
  }
  return state.value ?? defaultAgencyProfile();
}

/** Whether a profile was saved in the admin area (false: the configuration's defaults apply). */
export async function agencyProfileSaved(db?: Db): Promise<boolean> {
  await getAgencyProfile(db);
  return cache().value !== null;
}

/**
 * Saves the profile (upsert of the single row), reloads the cache and
 * announces the change (the page cache empties: footer, `/sobre`, `/lgpd`).
 * @param updatedBy uid of the admin.
 * @throws database errors.
 */
export async function saveAgencyProfile(
  value: AgencyFormValue,
  updatedBy: string | null,
  db: Db = getDb().db,
): Promise<AgencyProfile> {
  const profile = toAgencyProfile(value);
  await db
    .insert(agencyProfile)
    .values({ id: ROW_ID, ...profile, updatedBy })
    .onConflictDoUpdate({ target: agencyProfile.id, set: { ...profile, updatedBy, updatedAt: sql`now()` } });
  await loadAgencyProfile(db);
  publicContentChanged("agency");
  return profile;
}
