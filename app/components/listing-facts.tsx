/**
 * Key facts of a listing (docs/product.md: "facts (área, dormitórios, suítes,
 * vagas, banheiros)"), each with an icon. Area in m²: the private (usable)
 * area, else the total area, else the built area.
 */
import type { ReactNode } from "react";
import type { Listing } from "~/domain/listing";
import { formatArea, formatCount } from "~/lib/format";
import { AreaIcon, BathIcon, BedIcon, CarIcon } from "./icons";
import * as s from "./listing-facts.css";

/** The listing fields the facts read. */
export type FactsListing = Pick<
  Listing,
  "privateArea" | "totalArea" | "builtArea" | "bedrooms" | "suites" | "parkingSpaces" | "bathrooms"
>;

/** One fact: its value as shown and its pt-BR label. */
export interface Fact {
  key: "area" | "bedrooms" | "suites" | "parking" | "bathrooms";
  value: string;
  label: string;
}

/** pt-BR label for a count: singular for 1, plural otherwise. */
function countLabel(count: number, singular: string, plural: string): string {
  return count === 1 ? singular : plural;
}

/**
 * The facts to show, in the product's order; unknown and zero values are
 * left out (the portals never show "0 suítes" or "0 vagas": a zero in Vista
 * usually means "not filled in", and a missing chip already says "none").
 */
export function listingFacts(listing: FactsListing): Fact[] {
  const facts: Fact[] = [];
  const area = listing.privateArea ?? listing.totalArea ?? listing.builtArea;
  if (area)
    facts.push({ key: "area", value: formatArea(area), label: listing.privateArea ? "área útil" : "área total" });
  const counts: [Fact["key"], number | null, string, string][] = [
    ["bedrooms", listing.bedrooms, "dormitório", "dormitórios"],
    ["suites", listing.suites, "suíte", "suítes"],
    ["parking", listing.parkingSpaces, "vaga", "vagas"],
    ["bathrooms", listing.bathrooms, "banheiro", "banheiros"],
  ];
  for (const [key, count, singular, plural] of counts) {
    if (count == null || count <= 0) continue;
    facts.push({ key, value: formatCount(count), label: countLabel(count, singular, plural) });
  }
  return facts;
}

const ICONS: Record<Fact["key"], ReactNode> = {
  area: <AreaIcon />,
  bedrooms: <BedIcon />,
  suites: <BedIcon />,
  parking: <CarIcon />,
  bathrooms: <BathIcon />,
};

/** The facts as a list of tiles; nothing when no fact is known. */
export function ListingFacts({ listing }: { listing: FactsListing }) {
  const facts = listingFacts(listing);
  if (facts.length === 0) return null;
  return (
    <ul className={s.list} aria-label="Principais características">
      {facts.map((fact) => (
        <li key={fact.key} className={s.item} data-fact={fact.key}>
          <span className={s.icon}>{ICONS[fact.key]}</span>
          <span className={s.value}>{fact.value}</span>
          <span className={s.label}>{fact.label}</span>
        </li>
      ))}
    </ul>
  );
}
