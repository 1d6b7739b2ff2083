/**
 * Condominium cards (home "Condomínios em destaque", the index
 * `/condominios`): cover photo, name, neighbourhood
 * and city, units for sale and for rent, and "a partir de" prices. Each card
 * is one link to the condominium page.
 */
import { Link } from "@remix-run/react";
import type { CondominiumCard } from "~/domain/condominium";
import { formatCount, formatPrice, plural } from "~/lib/format";
import { imageSrcSet, imageUrl } from "~/lib/images";
import { linkPrefetch } from "~/lib/prefetch";
import * as s from "./condominium-card.css";

/** What a card shows: the index's `CondominiumCard` without the place slugs (prices in BRL). */
export type CondominiumCardData = Omit<CondominiumCard, "citySlug" | "neighbourhoodSlug">;

/** Props of {@link CondominiumGrid}. */
export interface CondominiumGridProps {
  condominiums: readonly CondominiumCardData[];
  /** Accessible name of the list. */
  label?: string;
  /** Heading level of the names (default 3). */
  headingLevel?: 2 | 3;
  /** How many first photos load eagerly (above the fold); default 0. */
  eagerCount?: number;
}

/**
 * The units line of a card: "12 unidades disponíveis · 8 à venda, 4 para
 * alugar" when both kinds exist, else "3 unidades à venda" or "1 unidade para alugar".
 */
export function unitsLine(condo: Pick<CondominiumCardData, "units" | "unitsForSale" | "unitsForRent">): string {
  if (condo.unitsForSale && condo.unitsForRent) {
    const total = plural(condo.units, "unidade disponível", "unidades disponíveis");
    return `${total} · ${formatCount(condo.unitsForSale)} à venda, ${formatCount(condo.unitsForRent)} para alugar`;
  }
  if (condo.unitsForRent) return plural(condo.unitsForRent, "unidade para alugar", "unidades para alugar");
  return plural(condo.unitsForSale || condo.units, "unidade à venda", "unidades à venda");
}

/** The cards in a list (`<ul>`). */
export function CondominiumGrid({ condominiums, label, headingLevel = 3, eagerCount = 0 }: CondominiumGridProps) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  return (
    <ul className={s.grid} aria-label={label}>
      {condominiums.map((condo, i) => (
        <li key={condo.slug}>
          <Link className={s.card} to={condo.path} prefetch={linkPrefetch}>
            <div className={s.media}>
              {condo.coverPhotoUrl ? (
                <img
                  className={s.photo}
                  src={imageUrl(condo.coverPhotoUrl, 640)}
                  srcSet={imageSrcSet(condo.coverPhotoUrl, [480, 640, 960])}
                  sizes="(min-width: 1200px) 300px, (min-width: 700px) 45vw, 100vw"
                  width={640}
                  height={360}
                  alt={`Fachada do ${condo.name}`}
                  loading={i < eagerCount ? "eager" : "lazy"}
                  decoding="async"
                />
              ) : null}
            </div>
            <div className={s.body}>
              <Heading className={s.name}>{condo.name}</Heading>
              <p className={s.muted}>{[condo.neighbourhood, condo.city].filter(Boolean).join(", ")}</p>
              <p className={s.muted}>{unitsLine(condo)}</p>
              <p className={s.prices}>
                {condo.salePriceFrom != null ? (
                  <span>
                    Venda a partir de <strong className={s.amount}>{formatPrice(condo.salePriceFrom)}</strong>
                  </span>
                ) : null}
                {condo.rentPriceFrom != null ? (
                  <span>
                    Aluguel a partir de{" "}
                    <span className={s.amount}>
                      <strong>{formatPrice(condo.rentPriceFrom)}</strong>/mês
                    </span>
                  </span>
                ) : null}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
