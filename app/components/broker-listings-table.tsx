/**
 * The table of "Meus imóveis" (`/painel/imoveis`, docs/decisions/0082-broker-listings-page.md):
 * per listing its code, title (link to the public page) and neighbourhood,
 * price, the figures of the last 30 days and the link to its internal data.
 * A table on a wide screen, one card per listing on a phone (each cell
 * carries its column's name in `data-label`).
 */
import { Link } from "@remix-run/react";
import { privateListingPath } from "~/lib/auth";
import type { BrokerListingLine } from "~/lib/broker-listings";
import { formatCount, formatPrice } from "~/lib/format";
import * as s from "./broker-listings.css";

/** Props of {@link BrokerListingsTable}. */
export interface BrokerListingsTableProps {
  rows: readonly BrokerListingLine[];
  /** The table's caption (which rows of how many). */
  caption: string;
}

/** "R$ 850.000", "R$ 3.200/mês" or "—". */
function priceText(line: BrokerListingLine): string {
  if (line.salePrice) return formatPrice(line.salePrice);
  if (line.rentPrice) return `${formatPrice(line.rentPrice)}/mês`;
  return "—";
}

/** The figure columns: header and value. */
const FIGURES = [
  ["Visualizações", (line: BrokerListingLine) => line.views],
  ["Favoritos", (line: BrokerListingLine) => line.favourites],
  ["Leads", (line: BrokerListingLine) => line.leads],
  ["Visitas", (line: BrokerListingLine) => line.visits],
] as const;

/** The table (see the module comment). */
export function BrokerListingsTable({ rows, caption }: BrokerListingsTableProps) {
  return (
    <table className={s.table} data-testid="meus-imoveis">
      <caption className={s.caption}>{caption}</caption>
      <thead className={s.head}>
        <tr>
          <th className={s.cell} scope="col">
            Código
          </th>
          <th className={s.cell} scope="col">
            Imóvel
          </th>
          <th className={s.cell} scope="col">
            Preço
          </th>
          {FIGURES.map(([label]) => (
            <th key={label} className={`${s.cell} ${s.figureHead}`} scope="col">
              {label}
            </th>
          ))}
          <th className={s.cell} scope="col">
            Dados internos
          </th>
        </tr>
      </thead>
      <tbody className={s.body}>
        {rows.map((line) => (
          <tr key={line.code} className={s.row} data-code={line.code}>
            <td className={`${s.cell} ${s.wide}`} data-label="Código">
              {line.code}
            </td>
            <td className={`${s.cell} ${s.wide}`} data-label="Imóvel">
              <Link to={line.path}>{line.title || line.code}</Link>
              <br />
              <span className={s.muted}>
                {line.neighbourhood}, {line.city}
              </span>
            </td>
            <td className={`${s.cell} ${s.wide}`} data-label="Preço">
              {priceText(line)}
            </td>
            {FIGURES.map(([label, value]) => {
              const figure = value(line);
              return (
                <td key={label} className={`${s.cell} ${s.figure}`} data-label={label}>
                  {figure === null ? <abbr title="Não medido">—</abbr> : formatCount(figure)}
                </td>
              );
            })}
            <td className={`${s.cell} ${s.wide}`}>
              <Link to={privateListingPath(line.code)} aria-label={`Dados internos do imóvel ${line.code}`}>
                Dados internos
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
