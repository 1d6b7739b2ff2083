/**
 * The numbers behind a chart, for who cannot or would rather not read the drawing: a table
 * folded under a summary (`<details>`), in a box that scrolls sideways on a narrow screen. The
 * neighbourhood market chart's and the visits chart's.
 */
import type { ReactNode } from "react";

/** Class names of a {@link ChartTable}'s parts; a part without one has no `class`. */
export interface ChartTableClasses {
  details?: string;
  summary?: string;
  box?: string;
  table?: string;
  caption?: string;
}

/** Props of {@link ChartTable}: `head` is the header row's cells, `children` the body's rows. */
export interface ChartTableProps {
  summary: string;
  caption: ReactNode;
  head: ReactNode;
  classes: ChartTableClasses;
  /** Names the table for the tests. */
  testId?: string;
  children: ReactNode;
}

/** See the module comment. */
export function ChartTable({ summary, caption, head, classes, testId, children }: ChartTableProps) {
  return (
    <details className={classes.details}>
      <summary className={classes.summary}>{summary}</summary>
      <div className={classes.box}>
        <table className={classes.table} data-testid={testId}>
          <caption className={classes.caption}>{caption}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </details>
  );
}
