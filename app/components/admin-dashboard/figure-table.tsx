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

/** A column of {@link FigureTable}: its header, and whether it holds numbers (right-aligned). */
export interface FigureColumn {
  label: string;
  numeric?: boolean;
}

/** A data table with a visible caption and column headers (`scope="col"`); `children` are the rows. */
export function FigureTable(props: { caption: string; columns: readonly FigureColumn[]; children: ReactNode }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption className={d.caption}>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column.label} scope="col" className={`${cellClass} ${column.numeric ? d.number : ""}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
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
