/**
 * Pieces of the admin home's dashboard tables: an accessible table with a
 * caption (scrolling sideways inside its panel on a narrow phone, never the
 * page), and a number that links to the filtered lead list.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCount } from "~/lib/format";
import * as s from "../admin.css";
import * as d from "./dashboard.css";

/** The class of every cell of the dashboard's tables (the admin cell, denser on a phone). */
export const cellClass = `${s.cell} ${d.cell}`;

/**
 * A data table with a visible caption and column headers (`scope="col"`);
 * `children` are the rows. With `empty`, one row across all the columns
 * saying there is nothing to show stands instead of them.
 */
export function FigureTable(props: {
  caption: string;
  /** Column headers: the first names what a row is of, the others head numbers (right-aligned). */
  columns: readonly string[];
  /** The text of the row shown when there are no rows (pt-BR), or undefined when there are. */
  empty?: string;
  children: ReactNode;
}) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption className={d.caption}>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column, i) => (
              <th key={column} scope="col" className={`${cellClass} ${i > 0 ? d.number : ""}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.empty ? (
            <tr>
              <td className={cellClass} colSpan={props.columns.length}>
                {props.empty}
              </td>
            </tr>
          ) : (
            props.children
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The header cell of a row (`scope="row"`): what the row's figures are of. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className={cellClass}>
      {children}
    </th>
  );
}

/** A table cell with a number (right-aligned, tabular figures). */
export function NumberCell({ children }: { children: ReactNode }) {
  return <td className={`${cellClass} ${d.number} ${s.nowrap}`}>{children}</td>;
}

/**
 * A count that links to the lead list showing those leads (`href`); `label` completes its
 * accessible name ("3 leads de WhatsApp hoje").
 */
export function CountLink({
  n,
  href,
  label,
  className,
}: {
  n: number;
  href: string;
  label: string;
  className?: string;
}) {
  return (
    <Link to={href} className={className} aria-label={`${formatCount(n)} ${label}`}>
      {formatCount(n)}
    </Link>
  );
}
