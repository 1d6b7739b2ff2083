/**
 * One broker identity (ADR 0085): a Vista broker code that an active team
 * member carries (`members.broker_code`, the member neither inactive nor
 * deleted) is shown as that member — full name, photo, CRECI, `/membro/{slug}`
 * — wherever the public site shows a broker; any other code keeps Vista's
 * name, photo and `/corretor/{…}` page. A page asks once for all its broker
 * codes ({@link activeMembersByBrokerCode}: one query on `members`), never
 * per card. The admin keeps one active member per code (`../members/links`).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Broker } from "~/domain/listing";
import { brokerCredentialLine, formatBrokerCredential, type BrokerFace } from "~/lib/broker-credential";
import { memberPath } from "~/lib/paths";
import { getAgencyProfile } from "../agency";
import { getDb, type Db } from "../db";
import { members } from "../db/schema";
import { storedFilePath } from "../storage";
import { getBrokerDirectory } from "./brokers";

/** An active member as a broker's public identity. */
export interface LinkedMember {
  id: number;
  slug: string;
  name: string;
  title: string;
  creci: string;
  brokerCode: string;
  /** `/arquivos/…` of the photo, or null. */
  photoUrl: string | null;
}

/** Most codes one call looks up (a page shows a bounded number of brokers). */
const MAX_CODES = 500;

/**
 * The active members carrying each of `codes` (one query). A code no active
 * member carries is absent; should two carry one (the admin refuses it, but
 * rows written before ADR 0085 may), the lowest id wins.
 * @throws when the database fails.
 */
export async function activeMembersByBrokerCode(
  codes: readonly (string | null | undefined)[],
  options: { db?: Db } = {},
): Promise<Map<string, LinkedMember>> {
  const wanted = [...new Set(codes.filter((code): code is string => Boolean(code)))].slice(0, MAX_CODES);
  const found = new Map<string, LinkedMember>();
  if (!wanted.length) return found;
  const db = options.db ?? getDb().db;
  const rows = await db
    .select({
      id: members.id,
      slug: members.slug,
      name: members.name,
      title: members.title,
      creci: members.creci,
      brokerCode: members.brokerCode,
      photoKey: members.photoKey,
    })
    .from(members)
    .where(and(inArray(members.brokerCode, wanted), eq(members.active, true), isNull(members.deletedAt)))
    .orderBy(asc(members.id));
  for (const row of rows) {
    if (!row.brokerCode || found.has(row.brokerCode)) continue;
    const { photoKey, ...rest } = row;
    found.set(row.brokerCode, {
      ...rest,
      brokerCode: row.brokerCode,
      photoUrl: photoKey ? storedFilePath(photoKey) : null,
    });
  }
  return found;
}

/** The agency named on a credential line when a broker has no CRECI (the agency profile). */
export type CredentialAgency = { name: string; creci: string | null };

/** The agency of credential lines: the profile's trade name (else its legal name) and CRECI. */
export async function credentialAgency(db?: Db): Promise<CredentialAgency> {
  const profile = await getAgencyProfile(db);
  return { name: profile.tradeName || profile.legalName, creci: profile.creci };
}

/**
 * The face of a broker (pure): the member's identity when `member` is given,
 * else Vista's with its `/corretor/{…}` page `vistaPath`.
 */
export function brokerFaceOf(
  broker: Pick<Broker, "name" | "creci" | "photoUrl">,
  member: LinkedMember | null | undefined,
  vistaPath: string | null,
  agency: CredentialAgency,
): BrokerFace {
  const who = member
    ? { name: member.name, creci: member.creci, title: member.title, agency }
    : { name: broker.name, creci: broker.creci, title: null, agency };
  const photo = member
    ? member.photoUrl
      ? { src: member.photoUrl, local: true }
      : null
    : broker.photoUrl
      ? { src: broker.photoUrl, local: false }
      : null;
  return {
    name: who.name,
    photo,
    credential: brokerCredentialLine(who),
    credentialText: formatBrokerCredential(who),
    path: member ? memberPath(member.slug) : vistaPath,
    member: Boolean(member),
  };
}

/**
 * The faces of the brokers of one page, keyed by Vista code: one query on
 * `members` for all of them, the cached broker directory for Vista's paths
 * and the agency profile (cached) for the CRECI fallback.
 * @throws when the database fails.
 */
export async function brokerFaces(
  brokers: readonly (Broker | null | undefined)[],
  options: { db?: Db } = {},
): Promise<Map<string, BrokerFace>> {
  const present = brokers.filter((broker): broker is Broker => Boolean(broker?.code));
  const faces = new Map<string, BrokerFace>();
  if (!present.length) return faces;
  const [linked, directory, agency] = await Promise.all([
    activeMembersByBrokerCode(
      present.map((broker) => broker.code),
      options,
    ),
    getBrokerDirectory(options),
    credentialAgency(options.db),
  ]);
  for (const broker of present) {
    const vistaPath = directory.byCode.get(broker.code)?.path ?? null;
    faces.set(broker.code, brokerFaceOf(broker, linked.get(broker.code), vistaPath, agency));
  }
  return faces;
}

/** The face of one listing's broker (see {@link brokerFaces}), null when the listing has none. */
export async function brokerFace(
  broker: Broker | null | undefined,
  options: { db?: Db } = {},
): Promise<BrokerFace | null> {
  if (!broker?.code) return null;
  return (await brokerFaces([broker], options)).get(broker.code) ?? null;
}
