/**
 * A data table in a box that scrolls sideways on a narrow screen, under one header row of column
 * names (`scope="col"`): the owner report's activity and the listing page's price history.
 */
import type { ReactNode } from "react";

/** Class names of a {@link ColumnTable}'s box, table and header cells. */
export interface ColumnTableClasses {
  box: string;
  table: string;
  cell: string;
}

/** See the module comment; `children` are the body's rows. */
export function ColumnTable(props: {
  classes: ColumnTableClasses;
  columns: readonly ReactNode[];
  children: ReactNode;
}) {
  const { classes } = props;
  // The columns are fixed: their place is their identity.
  const header = props.columns.map((column, index) => (
    <th key={index} className={classes.cell} scope="col">
      {column}
    </th>
  ));
  return (
    <div className={classes.box}>
      <table className={classes.table}>
        <thead>
          <tr>{header}</tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
