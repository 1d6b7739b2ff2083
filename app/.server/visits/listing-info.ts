/**
 * A visit's listing as the visit pages, mails and invitation show it (ADR 0088): the public title
 * and the public place (condominium, neighbourhood, city — the same as the listing page, whose
 * exact street address is given by the broker, never by the site).
 */
import { eq } from "drizzle-orm";
import { listingPath } from "~/lib/urls";
import { listingDisplayTitle } from "../catalogue/detail";
import type { Db } from "../db";
import { listings } from "../db/schema";

/** What is shown of a visit's listing; `path` is null when the listing left the catalogue. */
export interface VisitListingInfo {
  code: string;
  title: string;
  /** "Condomínio Jardins, Pinheiros, São Paulo – SP" (empty parts left out). */
  address: string;
  path: string | null;
  coverPhotoUrl: string;
}

/** The listing of Vista code `code` as a visit shows it; a listing unknown to the read model gets its code only. */
export async function visitListingInfo(db: Db, code: string): Promise<VisitListingInfo> {
  const [row] = await db.select().from(listings).where(eq(listings.code, code)).limit(1);
  if (!row) return { code, title: `Imóvel ${code}`, address: "", path: null, coverPhotoUrl: "" };
  const city = [row.city, row.state].filter(Boolean).join(" – ");
  return {
    code: row.code,
    title: listingDisplayTitle({ ...row.data, code: row.code }),
    address: [row.data.development, row.neighbourhood, city].filter(Boolean).join(", "),
    path: row.removedAt
      ? null
      : listingPath({
          code: row.code,
          category: row.category,
          neighbourhood: row.neighbourhood,
          condominiumSlug: row.condominiumSlug,
        }),
    coverPhotoUrl: row.coverPhotoUrl,
  };
}
