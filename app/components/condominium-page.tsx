/**
 * Pieces of the condominium page (`/detalhes/{condominio}`, docs/product.md
 * "Public site"): its header, the summary box (unit counts, price, condo-fee,
 * area and price-per-m² ranges) and the sections of units for sale and for
 * rent.
 */
import type { ListingSummary } from "~/domain/listing-summary";
import { plural } from "~/lib/format";
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

/** The available units for one purpose (anchor `#{id}`, linked from the summary box), or a note when none. */
export function UnitsSection({
  id,
  purpose,
  units,
}: {
  id: string;
  purpose: keyof typeof UNITS_TEXT;
  units: ListingSummary[];
}) {
  const text = UNITS_TEXT[purpose];
  return (
    <ListingsSection
      id={id}
      anchor
      title={text.title}
      listings={units}
      purpose={purpose}
      aside={units.length ? <span className={p.muted}>{plural(units.length, "unidade", "unidades")}</span> : null}
      empty={<p className={p.muted}>{text.empty}</p>}
    />
  );
}
