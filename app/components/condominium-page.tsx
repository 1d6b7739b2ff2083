/**
 * Pieces of the condominium page (`/detalhes/{condominio}`, docs/product.md
 * "Public site"): its header, the summary box (unit counts, price, condo-fee,
 * area and price-per-m² ranges) and the sections of units for sale and for
 * rent, each showing its first units and a link to all of them
 * (docs/decisions/0058).
 */
import { useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import type { ListingSummary } from "~/domain/listing-summary";
import { allUnitsSearch, showsAllUnits, shownUnitCount } from "~/lib/condominium-units";
import { formatCount, plural } from "~/lib/format";
import { button } from "~/styles/ui.css";
import { ListingsSection } from "./detail-layout";
import { AddressLine, type Place } from "./detail-sections";
import * as p from "./detail-page.css";
import { BuildingIcon } from "./icons";

/** The header: "Lançamento" badge, "Condomínio", the name and the address. */
export function CondominiumHeader({ condominium }: { condominium: Place & { name: string; isLaunch?: boolean } }) {
  return (
    <header className={p.header}>
      <p className={p.kicker}>
        {condominium.isLaunch ? <span className={`${p.badge} ${p.badgeAccent}`}>Lançamento</span> : null}
        <span className={p.condoLine}>
          <BuildingIcon size={16} />
          Condomínio
        </span>
      </p>
      <h1 className={p.title}>{condominium.name}</h1>
      <AddressLine place={condominium} />
    </header>
  );
}

/** Props of {@link CondominiumSummary}. */
export interface CondominiumSummaryProps {
  /** Distinct available units. */
  unitCount: number;
  /** [term, value] rows (`condominiumStats()`): the two unit counts first, then the known ranges. */
  stats: readonly (readonly [string, string])[];
  saleCount: number;
  rentCount: number;
}

/** The summary box: how many units, the stats and the buttons to the units sections. */
export function CondominiumSummary({ unitCount, stats, saleCount, rentCount }: CondominiumSummaryProps) {
  return (
    <section className={p.summaryBox} aria-labelledby="resumo">
      <h2 id="resumo" className={p.statLabel}>
        {unitCount ? plural(unitCount, "unidade disponível", "unidades disponíveis") : "Sem unidades disponíveis"}
      </h2>
      <dl className={p.stats}>
        {stats.map(([term, value], index) => (
          <div key={term} className={index < 2 ? p.stat : `${p.stat} ${p.statWide}`}>
            <dt className={p.statLabel}>{term}</dt>
            <dd className={p.statValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={p.actions}>
        {saleCount ? (
          <a className={button.primary} href="#a-venda">
            Ver unidades à venda
          </a>
        ) : null}
        {rentCount ? (
          <a className={saleCount ? button.outline : button.primary} href="#para-alugar">
            Ver unidades para alugar
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** Words of a units section, by purpose. */
const UNITS_TEXT = {
  venda: { title: "Unidades à venda", empty: "Nenhuma unidade à venda neste condomínio no momento." },
  aluguel: { title: "Unidades para alugar", empty: "Nenhuma unidade para alugar neste condomínio no momento." },
} as const;

/** Props of {@link UnitsSection}. */
export interface UnitsSectionProps {
  /** The section's anchor (`#{id}`, linked from the summary box); its cards are `{id}-1`, `{id}-2`, … */
  id: string;
  purpose: keyof typeof UNITS_TEXT;
  units: ListingSummary[];
}

/**
 * The available units for one purpose, or a note when none. A long section
 * shows its first units (`UNITS_PREVIEW`) unless the page's query asks for
 * every unit (`?unidades=todas`), and a link to the page with every unit, landing on the first card it adds. Without JavaScript the link
 * loads that page; with it, the page's URL is replaced in place (the way back
 * from a unit comes back to every unit) and the focus moves to that card.
 */
export function UnitsSection({ id, purpose, units }: UnitsSectionProps) {
  const text = UNITS_TEXT[purpose];
  const [query] = useSearchParams();
  const allShown = showsAllUnits(query);
  const search = allUnitsSearch(query);
  const shown = shownUnitCount(units.length, allShown);
  const navigate = useNavigate();
  const focusWhenShown = useRef<string | null>(null);

  useEffect(() => {
    const target = focusWhenShown.current;
    if (!allShown || !target) return;
    focusWhenShown.current = null;
    document.getElementById(target)?.querySelector("a")?.focus();
  }, [allShown]);

  const firstAdded = `${id}-${shown + 1}`;
  const showAll = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    focusWhenShown.current = firstAdded;
    navigate({ search }, { replace: true, preventScrollReset: true });
  };

  return (
    <ListingsSection
      id={id}
      anchor
      title={text.title}
      listings={units.slice(0, shown)}
      purpose={purpose}
      itemIdPrefix={id}
      aside={units.length ? <span className={p.muted}>{plural(units.length, "unidade", "unidades")}</span> : null}
      empty={<p className={p.muted}>{text.empty}</p>}
      more={
        shown < units.length ? (
          <p className={p.moreUnits}>
            <a className={button.outline} href={`${search}#${firstAdded}`} onClick={showAll}>
              Ver todas as {formatCount(units.length)} {text.title.toLowerCase()}
            </a>
          </p>
        ) : null
      }
    />
  );
}
