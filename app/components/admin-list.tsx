/**
 * Pieces shared by the filtered admin lists (`/admin/leads`, `/admin/acessos`):
 * the filter bar — a GET form, so every view has a URL, with "Filtrar" and
 * "Limpar" — its São Paulo date range (`de`, `ate`), the pager, which is
 * the public {@link Pagination} over the list's own path and filters
 * (`pagina`), and the table of a list (also `/admin/lgpd`'s).
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, SelectField } from "./forms";
import { Pagination } from "./pagination";
import { button } from "~/styles/ui.css";
import * as s from "./admin.css";

/**
 * `basePath` with the filters of `query` plus `changes` (a value of "" removes
 * the key), e.g. `filterHref("/admin/acessos", query, { usuario: uid, pagina: "" })`.
 */
export function filterHref(basePath: string, query: URLSearchParams, changes: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

/** The filter form ("Filtros"): the given fields, then "Filtrar" and "Limpar" (back to `clearTo`, no filters). */
export function AdminFilterBar({ clearTo, children }: { clearTo: string; children: ReactNode }) {
  return (
    <Form method="get" className={s.filters} aria-label="Filtros">
      {children}
      <div className={s.row}>
        <button type="submit" className={button.dark}>
          Filtrar
        </button>
        <Link to={clearTo} className={button.ghost}>
          Limpar
        </Link>
      </div>
    </Form>
  );
}

/**
 * A text filter (`id` "filtro-…"), filled with the current value.
 * @param maxLength most characters (as the filter schema allows).
 */
export function FilterInput(props: { label: string; id: string; name: string; value?: string; maxLength: number }) {
  const { label, id, name, value, maxLength } = props;
  return (
    <Field
      label={label}
      className={s.field}
      inputProps={{ id, name, defaultValue: value ?? "", maxLength, className: s.control }}
    />
  );
}

/** A select filter whose first option, "Todos", means no filter; `options` are `[value, label]` pairs. */
export function FilterSelect(props: {
  label: string;
  id: string;
  name: string;
  value?: string;
  options: readonly (readonly [string, string])[];
}) {
  const { label, id, name, value, options } = props;
  return (
    <SelectField
      label={label}
      className={s.field}
      selectProps={{ id, name, defaultValue: value ?? "", className: s.control }}
    >
      <option value="">Todos</option>
      {options.map(([optionValue, optionLabel]) => (
        <option key={optionValue} value={optionValue}>
          {optionLabel}
        </option>
      ))}
    </SelectField>
  );
}

/** "De" and "Até": first and last São Paulo day (YYYY-MM-DD, query names `de` and `ate`). */
export function DateRangeFields({ de, ate }: { de?: string; ate?: string }) {
  return (
    <>
      <Field
        label="De"
        className={s.field}
        inputProps={{ id: "filtro-de", type: "date", name: "de", defaultValue: de ?? "", className: s.control }}
      />
      <Field
        label="Até"
        className={s.field}
        inputProps={{ id: "filtro-ate", type: "date", name: "ate", defaultValue: ate ?? "", className: s.control }}
      />
    </>
  );
}

/** Props of {@link AdminPager}. */
export interface AdminPagerProps {
  /** The list's path, e.g. `/admin/leads`. */
  basePath: string;
  /** The current filters, without `pagina`. */
  query: URLSearchParams;
  /** Current page, 1-based. */
  page: number;
  /** Number of pages; nothing renders below 2. */
  pageCount: number;
}

/** The pager of an admin list: page 1 has no `pagina`, the others `?…&pagina=N` with the same filters. */
export function AdminPager({ basePath, query, page, pageCount }: AdminPagerProps) {
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      hrefFor={(n) => filterHref(basePath, query, { pagina: n > 1 ? String(n) : "" })}
    />
  );
}

/**
 * An admin list's table, scrolling sideways inside its box on a narrow screen: one header row of
 * plain column names (`columns`), then `children`, the rows (`<tr>` of `s.cell` cells); `testId`
 * names the table for the tests.
 */
export function AdminTable({
  columns,
  testId,
  children,
}: {
  columns: readonly string[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={s.cell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
