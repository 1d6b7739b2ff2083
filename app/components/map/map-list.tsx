/**
 * The list beside (desktop) or under (phone) the map of `/mapa` (ADR
 * 0009): the listings in view as the site's cards, with the count and
 * numbered pagination links. It is the keyboard and screen-reader path of
 * the page and works without JavaScript. Hovering or focusing a card reports
 * its code (`onHighlight`) so the map can highlight the marker.
 */
import { Link } from "@remix-run/react";
import type { FocusEvent, MouseEvent } from "react";
import type { Purpose } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { formatCount } from "~/lib/format";
import { ListingGrid } from "../listing-grid";
import { Pagination } from "../pagination";
import * as s from "./map-list.css";

/** Props of {@link MapList}. */
export interface MapListProps {
  items: ListingSummary[];
  /** Matching listings in total (inside the area when there is one). */
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Whether the list is limited to the searched area ("Buscar nesta área"). */
  inArea: boolean;
  purpose?: Purpose;
  /** URL of another page of the same list. */
  hrefFor(page: number): string;
  /** URL of the same filters without the area ("Ver todos"), when `inArea`. */
  allHref?: string;
  /** URL of the same search without the drawn area ("Remover área"), when one is drawn (ADR 0091). */
  removeShapeHref?: string | null;
  /** Called with the code of the hovered/focused card, or null when it leaves. */
  onHighlight?(code: string | null): void;
  /** True while a new list loads (dims it, `aria-busy`). */
  loading?: boolean;
}

function codeOf(target: EventTarget | null): string | null {
  const element = target instanceof Element ? target.closest("[data-listing-code]") : null;
  return element?.getAttribute("data-listing-code") ?? null;
}

/** The results list of the map page. */
export function MapList(props: MapListProps) {
  const { items, total, page, pageCount, pageSize, inArea, purpose, hrefFor, allHref, onHighlight, loading } = props;
  const drawn = props.removeShapeHref != null;
  const first = (page - 1) * pageSize + 1;
  const last = first + items.length - 1;
  const noun = total === 1 ? "imóvel" : "imóveis";
  // The page's heading already gives the count and where; the list says which of them it shows.
  const summary =
    total === 0
      ? "Nenhum imóvel para mostrar"
      : pageCount > 1
        ? `Mostrando ${formatCount(first)}–${formatCount(last)} de ${formatCount(total)} ${noun}`
        : `Mostrando ${total === 1 ? "o" : `os ${formatCount(total)}`} ${noun}`;
  const over = (event: MouseEvent | FocusEvent) => onHighlight?.(codeOf(event.target));

  return (
    <section
      className={`${s.list} ${loading ? s.loading : ""}`}
      aria-labelledby="lista-do-mapa"
      aria-busy={loading ?? false}
      id="lista"
    >
      <h2 id="lista-do-mapa" className={s.heading}>
        {drawn ? "Imóveis na área desenhada" : "Imóveis na lista"}
      </h2>
      {drawn ? (
        <p className={s.areaNote}>
          A busca mostra só os imóveis dentro da área desenhada no mapa.{" "}
          <Link to={props.removeShapeHref!} className={s.removeShape}>
            Remover área
          </Link>
        </p>
      ) : null}
      <p className={s.summary} role="status">
        {summary}
      </p>
      {inArea && allHref ? (
        <p className={s.areaNote}>
          A lista mostra só os imóveis da área buscada no mapa. <Link to={allHref}>Ver todos os resultados</Link>
        </p>
      ) : null}
      {items.length > 0 ? (
        <div
          onMouseOver={over}
          onFocus={over}
          onMouseLeave={() => onHighlight?.(null)}
          onBlur={() => onHighlight?.(null)}
        >
          <ListingGrid listings={items} purpose={purpose} eagerCount={2} label="Imóveis no mapa" />
        </div>
      ) : (
        <p className={s.empty}>
          {drawn
            ? "Nenhum imóvel com esses filtros na área desenhada. Desenhe uma área maior ou remova a área."
            : inArea
              ? "Nenhum imóvel com esses filtros nesta área. Afaste o mapa e busque de novo, ou veja todos os resultados."
              : "Nenhum imóvel encontrado com esses filtros. Tente remover um filtro."}
        </p>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </section>
  );
}
