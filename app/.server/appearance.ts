/**
 * The appearance saved in the admin area: stored in
 * `site_settings` under the key "appearance", kept in memory and read
 * synchronously by `getTheme()` (`./theme.ts`) over the configuration's
 * defaults, so a save shows on the next page view without a rebuild. Loaded
 * at start (server/index.ts), reloaded at once after a save in this process,
 * in other processes when the save's notification arrives
 * (`./cluster-events`, docs/decisions/0026-several-servers.md), and in the
 * background when older than {@link APPEARANCE_REFRESH_MS} (a safety net for
 * a lost notification). The cache is a `singleton()` (ADR 0001).
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppearanceFormValue } from "~/lib/appearance";
import { AdminError } from "./admin-error";
import { publicContentChanged } from "./admin/content-changed";
import { type Db, getDb } from "./db";
import { siteSettings } from "./db/schema";
import { singleton } from "./singleton";
import { type FileStorage, getFileStorage, newStorageKey, storedFilePath } from "./storage";
import { validateUpload } from "./storage/validate";

/** Key of the appearance row in `site_settings`. */
const APPEARANCE_KEY = "appearance";
/** Age (ms) after which a read reloads the stored appearance in the background (in case a notification was lost). */
const APPEARANCE_REFRESH_MS = 30_000;

/** What is stored (every field set by the admin; empty logo = the default). */
const storedAppearanceSchema = z.object({
  title: z.string(),
  description: z.string(),
  colors: z.object({ primary: z.string(), secondary: z.string(), light: z.string() }),
  logos: z.object({ square: z.string().nullable(), horizontal: z.string().nullable() }),
});

/** The stored appearance. */
export type StoredAppearance = z.infer<typeof storedAppearanceSchema>;

interface AppearanceCache {
  value: StoredAppearance | null;
  loadedAt: number;
  db: Db | null;
  loading: Promise<void> | null;
}

function cache(): AppearanceCache {
  return singleton("appearance-cache", (): AppearanceCache => ({ value: null, loadedAt: 0, db: null, loading: null }));
}

/** Reads the stored appearance from the database (null when none or malformed). */
async function readAppearance(db: Db = getDb().db): Promise<StoredAppearance | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, APPEARANCE_KEY));
  if (!row) return null;
  const parsed = storedAppearanceSchema.safeParse(row.value);
  if (!parsed.success) {
    console.error("[aparencia] valor guardado inválido; usando o padrão");
    return null;
  }
  return parsed.data;
}

/**
 * (Re)loads the stored appearance into memory and remembers `db` for the
 * background refreshes.
 * @throws database errors (the previous value stays in use).
 */
export async function loadAppearance(db: Db = getDb().db): Promise<StoredAppearance | null> {
  const state = cache();
  state.db = db;
  state.value = await readAppearance(db);
  state.loadedAt = Date.now();
  return state.value;
}

/**
 * The stored appearance in memory, or null (use the configuration). Starts a
 * background reload when older than {@link APPEARANCE_REFRESH_MS}.
 */
export function getStoredAppearance(): StoredAppearance | null {
  const state = cache();
  if (state.db && !state.loading && Date.now() - state.loadedAt > APPEARANCE_REFRESH_MS) {
    const db = state.db;
    state.loading = loadAppearance(db)
      .then(() => undefined)
      .catch((error: unknown) => console.error("[aparencia] falha ao recarregar a aparência", error))
      .finally(() => {
        state.loading = null;
      });
  }
  return state.value;
}

/** The form value as stored (empty logos become null). */
function toStoredAppearance(value: AppearanceFormValue): StoredAppearance {
  return {
    title: value.title,
    description: value.description,
    colors: { primary: value.primary, secondary: value.secondary, light: value.light },
    logos: { square: value.logoSquare || null, horizontal: value.logoHorizontal || null },
  };
}

/**
 * Saves the appearance (upsert), reloads the cache and announces the change
 * (the page cache empties).
 * @param updatedBy uid of the admin.
 * @throws database errors.
 */
export async function saveAppearance(
  value: AppearanceFormValue,
  updatedBy: string | null,
  db: Db = getDb().db,
): Promise<StoredAppearance> {
  const stored = toStoredAppearance(value);
  await db
    .insert(siteSettings)
    .values({ key: APPEARANCE_KEY, value: stored, updatedBy })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: stored, updatedBy, updatedAt: sql`now()` } });
  await loadAppearance(db);
  publicContentChanged("appearance");
  return stored;
}

/** Forgets the saved appearance: the configuration's defaults apply again. */
export async function resetAppearance(db: Db = getDb().db): Promise<void> {
  await db.delete(siteSettings).where(eq(siteSettings.key, APPEARANCE_KEY));
  await loadAppearance(db);
  publicContentChanged("appearance");
}

/** Prefix of the storage keys of uploaded logos (served publicly by `/arquivos/logos/…`). */
export const LOGO_KEY_PREFIX = "logos/";

/**
 * Stores an uploaded logo (through the storage interface of
 * ADR 0019): checked by content (JPEG, PNG or WebP up to 10 MB; the file name
 * and type must agree with it), stored as WebP under a new immutable key.
 * @param which "quadrado" or "horizontal" (part of the key).
 * @returns the site path to save as the logo (`/arquivos/logos/…`).
 * @throws {AdminError} 400 with the pt-BR refusal of a file that is not an accepted image.
 * @throws when the storage backend fails.
 */
export async function storeLogo(file: File, which: "quadrado" | "horizontal", storage?: FileStorage): Promise<string> {
  const checked = await validateUpload(
    Buffer.from(await file.arrayBuffer()),
    { name: file.name, contentType: file.type },
    "image",
  );
  if (!checked.ok) throw new AdminError(checked.message, 400);
  const key = newStorageKey(`${LOGO_KEY_PREFIX}${which}`, "webp");
  await (storage ?? (await getFileStorage())).put(key, checked.body, checked.contentType);
  return storedFilePath(key);
}
