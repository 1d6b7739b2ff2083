/**
 * A friendly "nothing here" panel: no results for the filters (with ways to
 * widen the search) or the catalogue still being filled by the first sync
 * ("Estamos atualizando nosso catálogo").
 */
import type { ReactNode } from "react";
import { SearchIcon } from "./icons";
import * as s from "./empty-state.css";

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  /** Heading, e.g. "Nenhum imóvel encontrado". */
  title: string;
  /** Heading level (default 2). */
  headingLevel?: 1 | 2 | 3;
  /** Explanation under the title. */
  children?: ReactNode;
  /** Links or buttons, each one `<li>` of the actions list. */
  actions?: ReactNode[];
  /** Icon in the badge (default a magnifying glass). */
  icon?: ReactNode;
}

/** The empty-state panel. */
export function EmptyState({ title, headingLevel = 2, children, actions, icon }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as "h1" | "h2" | "h3";
  return (
    <section className={s.panel} aria-live="polite">
      <span className={s.icon} aria-hidden="true">
        {icon ?? <SearchIcon size={28} />}
      </span>
      <Heading className={s.title}>{title}</Heading>
      {children ? <div className={s.text}>{children}</div> : null}
      {actions?.length ? (
        <ul className={s.actions}>
          {actions.map((action, i) => (
            <li key={i}>{action}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
