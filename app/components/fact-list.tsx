/**
 * A `<dl>` of [term, value] rows, each row a `<div>` holding its `<dt>` and
 * `<dd>`; the classes of each part are given by the caller.
 */
import type { ReactNode } from "react";

/** Classes of the parts of a {@link FactList}. */
export interface FactListClasses {
  list: string;
  row: string;
  term: string;
  value: string;
}

/** The rows, in order, as a `<dl>` (terms are the keys: they must be unique). */
export function FactList({
  rows,
  classes,
}: {
  rows: readonly (readonly [string, ReactNode])[];
  classes: FactListClasses;
}) {
  return (
    <dl className={classes.list}>
      {rows.map(([term, value]) => (
        <div key={term} className={classes.row}>
          <dt className={classes.term}>{term}</dt>
          <dd className={classes.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
