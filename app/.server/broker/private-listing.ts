/**
 * The private part of a listing for the broker area (
 * docs/architecture.md "Data flow" 3): owner, owner phone, internal notes and the
 * prontuário, fetched LIVE from Vista (`detalhes` with `PRIVATE_FIELDS`, and
 * `prontuario`), cached 60 s per listing in this process only, never stored
 * in the read model nor in a shared cache. Callers guard with
 * `requireRole(request, "agent", { checkRevoked: true })` first. Every time
 * the data is served it is recorded in the owner-data access log and counted
 * against the user's hourly limit ({@link servePrivateListing}, `./owner-access`).
 */
import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import type { HistoryEntry, ListingPrivateData, PrivateListingData } from "~/domain/listing";
import { listingLookupSchema } from "~/lib/auth-forms";
import type { BrokerListingSummary } from "~/lib/broker-listings";
import { pageNotFound } from "~/lib/errors";
import { privatePage } from "~/lib/cache-control";
import { listingPath } from "~/lib/urls";
import { getDb } from "../db";
import type { Db } from "../db";
import { listingPathColumns } from "../catalogue/listing-path";
import { listings } from "../db/schema";
import { lruCache } from "../cache";
import {
  admitOwnerDataView,
  type OwnerAccessDecision,
  type OwnerAccessOptions,
  type OwnerDataReader,
  ownerDataAttempt,
  ownerDataLimitMessage,
  recordOwnerDataView,
  retryAfterSeconds,
} from "./owner-access";
import {
  createVistaClient,
  getVistaTarget,
  PRIVATE_FIELDS,
  toHistoryEntries,
  toPrivateData,
  VistaAuthError,
  VistaBadRequestError,
  type VistaClient,
  VistaFieldError,
  VistaNotFoundError,
} from "../vista";

/** What the private panel shows. */
export interface PrivateListing {
  code: string;
  data: ListingPrivateData;
  /** Prontuário, newest first. */
  history: HistoryEntry[];
  /** Parts the Vista key may not read (docs/vista-api.md: `proprietarios` and `prontuario` are permission-gated per tenant). */
  unavailable: ("owners" | "history")[];
  /** ISO time it was read from Vista. */
  fetchedAt: string;
}

/** How long a private listing is reused, ms. */
export const PRIVATE_LISTING_TTL_MS = 60_000;

function cache() {
  return lruCache<string, PrivateListing>("private-listing", { max: 500, ttl: PRIVATE_LISTING_TTL_MS });
}

/**
 * The private data of listing `code`, or null when Vista does not know it.
 * @throws {VistaError} subclasses when Vista fails (the panel shows a message).
 */
export async function getPrivateListing(
  code: string,
  client: VistaClient = createVistaClient(getVistaTarget()),
): Promise<PrivateListing | null> {
  const cached = cache().get(code);
  if (cached) return cached;
  const unavailable: PrivateListing["unavailable"] = [];
  const history = client.prontuario(code).catch((error: unknown) => {
    if (!isPermissionError(error)) throw error;
    unavailable.push("history");
    return [];
  });
  // Awaited below; this keeps Node from calling a failure unhandled while `detalhes` runs.
  history.catch(() => undefined);
  try {
    let wire;
    try {
      wire = await client.detalhes(code, PRIVATE_FIELDS);
    } catch (error) {
      if (!isPermissionError(error)) throw error;
      // A key without the owners sub-table still reads the notes.
      wire = await client.detalhes(
        code,
        PRIVATE_FIELDS.filter((field) => typeof field === "string"),
      );
      unavailable.push("owners");
    }
    const result: PrivateListing = {
      code,
      data: toPrivateData(wire),
      history: toHistoryEntries(await history),
      unavailable,
      fetchedAt: new Date().toISOString(),
    };
    cache().set(code, result);
    return result;
  } catch (error) {
    await history.catch(() => undefined);
    if (error instanceof VistaNotFoundError) return null;
    throw error;
  }
}

/** A refusal of a field or method for this key (not an outage, not an unknown code). */
function isPermissionError(error: unknown): boolean {
  return error instanceof VistaAuthError || error instanceof VistaFieldError || error instanceof VistaBadRequestError;
}

/** The read-model columns a {@link BrokerListingSummary} is made of (`db.select(brokerListingColumns)`). */
export const brokerListingColumns = {
  code: listings.code,
  title: listings.title,
  category: listings.category,
  neighbourhood: listings.neighbourhood,
  city: listings.city,
  condominiumSlug: listings.condominiumSlug,
  salePrice: listings.salePrice,
  rentPrice: listings.rentPrice,
};

/** A row selected with {@link brokerListingColumns}. */
export type BrokerListingRow = Pick<typeof listings.$inferSelect, keyof typeof brokerListingColumns>;

/** The summary line of a row selected with {@link brokerListingColumns}: its public page path instead of the path's parts. */
export function toBrokerListingSummary(row: BrokerListingRow): BrokerListingSummary {
  return {
    code: row.code,
    title: row.title,
    path: listingPath(row),
    neighbourhood: row.neighbourhood,
    city: row.city,
    salePrice: row.salePrice,
    rentPrice: row.rentPrice,
  };
}

/** The broker's active listings: Vista broker code `brokerCode`, not removed from the catalogue. */
export function ofBroker(brokerCode: string): SQL {
  return and(eq(listings.brokerCode, brokerCode), isNull(listings.removedAt)) as SQL;
}

/** Active listings of the read model whose Vista broker is `brokerCode` ("Meus imóveis" on `/painel`), by code. */
export async function listBrokerListings(db: Db, brokerCode: string, limit = 200): Promise<BrokerListingSummary[]> {
  const rows = await db
    .select(brokerListingColumns)
    .from(listings)
    .where(ofBroker(brokerCode))
    .orderBy(asc(listings.code))
    .limit(limit);
  return rows.map(toBrokerListingSummary);
}

/** The public page path of listing `code` from the read model, or null. */
export async function publicListingPath(db: Db, code: string): Promise<string | null> {
  const [row] = await db.select(listingPathColumns).from(listings).where(eq(listings.code, code)).limit(1);
  return row ? listingPath(row) : null;
}

/** The caller of {@link servePrivateListing}: the guarded user and the client IP. */
export interface PrivateListingReader {
  /** The user `requireRole(request, "agent", { checkRevoked: true })` returned. */
  user: OwnerDataReader;
  /** `context.clientIp` (Express under `TRUST_PROXY`). */
  clientIp: string | undefined;
}

/** Test seams of {@link servePrivateListing}. */
export interface ServePrivateListingOptions extends OwnerAccessOptions {
  /** Default: the configured Vista API. */
  client?: VistaClient;
}

/** Every owner-data response, whatever its status: never stored by a browser or a proxy. */
const PRIVATE_HEADERS = privatePage();

/**
 * The JSON response (`Response.json`) of the private listing page and of its JSON route
 * (`PrivateListingData`, always `Cache-Control: private, no-store`):
 *
 * - 200 with the live Vista data of `rawCode`, after recording the view in
 *   the owner-data access log (LGPD art. 37; ADR 0022);
 * - 200 with a pt-BR `error` and no data when Vista does not know the code or
 *   fails (nothing was served, nothing is recorded);
 * - 429 with `Retry-After` (seconds) and the pt-BR limit message as `error`
 *   when the user has opened `OWNER_DATA_LIMIT_PER_HOUR` other listings in the
 *   last hour (the attempt is recorded with `allowed = false`).
 *
 * Call only after `requireRole(request, "agent", { checkRevoked: true })`.
 * @throws {Response} 404 when the code is malformed.
 * @throws when the access log cannot be written (no record, no owner data).
 */
export async function servePrivateListing(
  request: Request,
  rawCode: string | undefined,
  reader: PrivateListingReader,
  options: ServePrivateListingOptions = {},
): Promise<Response> {
  const parsed = listingLookupSchema.safeParse({ codigo: rawCode ?? "" });
  if (!parsed.success) throw pageNotFound(new URL(request.url).pathname);
  const code = parsed.data.codigo;
  const db = options.db ?? getDb().db;
  const attempt = ownerDataAttempt(request, reader.user, code, reader.clientIp);
  const publicPath = await publicListingPath(db, code);
  const refused = (decision: Extract<OwnerAccessDecision, { allowed: false }>) =>
    Response.json(
      { code, listing: null, publicPath, error: ownerDataLimitMessage(decision) } satisfies PrivateListingData,
      { status: 429, headers: { ...PRIVATE_HEADERS, "Retry-After": String(retryAfterSeconds(decision, options.now)) } },
    );

  const admitted = await admitOwnerDataView(attempt, { ...options, db });
  if (!admitted.allowed) return refused(admitted);
  let listing: PrivateListing | null;
  try {
    listing = await getPrivateListing(code, options.client);
  } catch {
    return Response.json(
      {
        code,
        listing: null,
        publicPath,
        error: "Não foi possível consultar o Vista agora. Tente novamente em instantes.",
      } satisfies PrivateListingData,
      { headers: PRIVATE_HEADERS },
    );
  }
  if (!listing)
    return Response.json(
      { code, listing: null, publicPath, error: "Imóvel não encontrado no Vista." } satisfies PrivateListingData,
      { headers: PRIVATE_HEADERS },
    );
  const recorded = await recordOwnerDataView(attempt, { ...options, db });
  if (!recorded.allowed) return refused(recorded);
  return Response.json(
    {
      code,
      listing: {
        data: listing.data,
        history: listing.history,
        unavailable: listing.unavailable,
        fetchedAt: listing.fetchedAt,
      },
      publicPath,
      error: null,
    } satisfies PrivateListingData,
    { headers: PRIVATE_HEADERS },
  );
}
