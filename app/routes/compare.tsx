/**
 * `/comparar?codigos=A1,B2` (docs/decisions/0032-favourites-and-compare.md):
 * 2 to 4 listings side by side — photo, title, sale and rent prices, "custo
 * mensal" (docs/product.md: rent + condo + IPTU/12; for sale, condo +
 * IPTU/12), area, bedrooms, suites, parking, condo fee, IPTU, R$/m² and the
 * amenities (✓/—); the best value of a row is marked in words ("Menor preço",
 * "Maior área"; ADR 0092) and a monthly cost missing a fee says it is partial
 * (ADR 0086). Codes come comma-separated or repeated (the checkboxes of
 * `/favoritos`). More than 4, or a malformed code: 400 with a message; fewer
 * than 2: a message with the way back. A listing that left the catalogue
 * keeps its column with "Este imóvel saiu do catálogo".
 *
 * A table whose first column stays in view while it scrolls sideways
 * (360 px phones). Not indexed; the answer does not depend on the visitor
 * but is kept out of shared caches like `/favoritos`.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { favouriteEntries, type FavouriteEntry, type FavouriteListing } from "~/.server/catalogue/favourites";
import { getTheme } from "~/.server/theme";
import { privatePage } from "~/lib/cache-control";
import { AMENITY_FILTERS } from "~/lib/amenities";
import { bestIndexes, comparedMonthlyCosts, type Better } from "~/lib/compare-best";
import { FAVOURITES_PATH, MAX_COMPARE, parseCodesParam } from "~/lib/favourites";
import { formatArea, formatCount, formatPrice } from "~/lib/format";
import { missingFees, missingFeesText } from "~/lib/monthly-cost";
import { CoverThumb } from "~/components/cover-thumb";
import { button, container, visuallyHidden } from "~/styles/ui.css";
import * as s from "~/components/favourites.css";

/** Fewest listings worth comparing. */
const MIN_COMPARE = 2;

/** What the page receives. */
export interface CompareData {
  site: { title: string };
  entries: FavouriteEntry[];
  /** pt-BR message when the selection cannot be compared, else null. */
  error: string | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const headers = privatePage({ "X-Robots-Tag": "noindex" });
  const site = { title: getTheme().title };
  const parsed = parseCodesParam(url.searchParams.getAll("codigos"), MAX_COMPARE);
  if (!parsed.ok) return data<CompareData>({ site, entries: [], error: parsed.message }, { status: 400, headers });
  if (parsed.codes.length < MIN_COMPARE) {
    return data<CompareData>(
      { site, entries: [], error: `Escolha de ${MIN_COMPARE} a ${MAX_COMPARE} imóveis para comparar.` },
      { headers },
    );
  }
  return data<CompareData>({ site, entries: await favouriteEntries(parsed.codes), error: null }, { headers });
}

export { privatePageHeaders as headers } from "~/lib/cache-control";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Comparar imóveis | ${data?.site.title ?? "Imobiliária"}` },
  { name: "robots", content: "noindex" },
];

/** One row of the table: its label, the cell of an active listing (null: "—") and how its best value is found. */
interface CompareRow {
  label: string;
  cell: (listing: FavouriteListing) => ReactNode;
  /** The figure compared for each column (null: removed or unknown), which is better, and the mark's words. */
  best?: { values: (listings: (FavouriteListing | null)[]) => (number | null)[]; better: Better; mark: string };
}

/** {@link CompareRow}'s `best` comparing `value` of each listing. */
function each(value: (listing: FavouriteListing) => number | null, better: Better, mark: string): CompareRow["best"] {
  return { values: (listings) => listings.map((l) => (l ? value(l) : null)), better, mark };
}

/** BRL per m² of `price` over `area`, e.g. "R$ 12.500/m²"; null without both. */
function perSquareMetre(price: number | null, area: number | null): string | null {
  return price != null && area ? `${formatPrice(Math.round(price / area))}/m²` : null;
}

/** Lines joined with breaks, null when none. */
function lines(items: (string | null | false)[]): ReactNode {
  const kept = items.filter((item): item is string => Boolean(item));
  if (!kept.length) return null;
  return kept.map((item, i) => (
    <span key={item}>
      {i > 0 ? <br /> : null}
      {item}
    </span>
  ));
}

/** A count, or null when unknown. */
function count(value: number | null): string | null {
  return value == null ? null : formatCount(value);
}

/** The rows before the amenities. */
const ROWS: readonly CompareRow[] = [
  {
    label: "Venda",
    cell: (l) => (l.salePrice != null ? formatPrice(l.salePrice) : null),
    best: each((l) => l.salePrice, "lowest", "Menor preço"),
  },
  {
    label: "Aluguel",
    cell: (l) => (l.rentPrice != null ? `${formatPrice(l.rentPrice)}/mês` : null),
    best: each((l) => l.rentPrice, "lowest", "Menor aluguel"),
  },
  {
    label: "Custo mensal",
    cell: (l) => {
      const partial = missingFeesText(missingFees(l));
      const figures = [
        l.rentPrice != null && l.monthlyCostRent != null && `Alugando: ${formatPrice(l.monthlyCostRent)}`,
        l.salePrice != null && l.monthlyCostSale != null && `Comprando: ${formatPrice(l.monthlyCostSale)}`,
      ];
      return lines(figures.some(Boolean) && partial ? [...figures, `Valor parcial: ${partial}`] : figures);
    },
    best: { values: comparedMonthlyCosts, better: "lowest", mark: "Menor custo" },
  },
  {
    label: "Área",
    cell: (l) => (l.area != null ? formatArea(l.area) : null),
    best: each((l) => l.area, "highest", "Maior área"),
  },
  { label: "Quartos", cell: (l) => count(l.bedrooms), best: each((l) => l.bedrooms, "highest", "Mais quartos") },
  { label: "Suítes", cell: (l) => count(l.suites), best: each((l) => l.suites, "highest", "Mais suítes") },
  { label: "Vagas", cell: (l) => count(l.parkingSpaces), best: each((l) => l.parkingSpaces, "highest", "Mais vagas") },
  {
    label: "Condomínio",
    cell: (l) => (l.condoFee != null ? `${formatPrice(l.condoFee)}/mês` : null),
    best: each((l) => l.condoFee, "lowest", "Menor condomínio"),
  },
  {
    label: "IPTU",
    cell: (l) => (l.iptu != null ? `${formatPrice(l.iptu)}/ano` : null),
    best: each((l) => l.iptu, "lowest", "Menor IPTU"),
  },
  {
    label: "R$/m²",
    cell: (l) =>
      lines([
        perSquareMetre(l.salePrice, l.area),
        l.rentPrice != null &&
          perSquareMetre(l.rentPrice, l.area) &&
          `${perSquareMetre(l.rentPrice, l.area)} (aluguel)`,
      ]),
  },
];

/** "—" with a spoken "não informado". */
function Dash({ text = "não informado" }: { text?: string }) {
  return (
    <>
      <span aria-hidden="true" className={s.no}>
        —
      </span>
      <span className={visuallyHidden}>{text}</span>
    </>
  );
}

/** The best value's mark: a star for the eye and the words for everyone (never colour alone). */
function BestMark({ text }: { text: string }) {
  return (
    <span className={s.best} data-best="">
      <span aria-hidden="true">★ </span>
      {text}
    </span>
  );
}

/** The comparison page. */
export default function ComparePage() {
  const { entries, error } = useLoaderData<typeof loader>();
  const active = entries.flatMap((e) => (e.state === "active" ? [e.listing] : []));
  const amenities = AMENITY_FILTERS.filter((a) => active.some((l) => l.amenities.includes(a.slug)));
  return (
    <div className={`${container} ${s.page}`}>
      <header className={s.header}>
        <h1 className={s.title}>Comparar imóveis</h1>
        <p className={s.muted}>Valores atuais do catálogo, lado a lado.</p>
      </header>
      {error ? (
        <>
          <p className={s.notice} role="alert">
            {error}
          </p>
          <p>
            <Link className={button.primary} to={FAVOURITES_PATH}>
              Escolher nos favoritos
            </Link>
          </p>
        </>
      ) : (
        <div className={s.tableScroll} role="region" aria-label="Tabela de comparação" tabIndex={0}>
          <table className={s.table}>
            <caption className={visuallyHidden}>Comparação de {entries.length} imóveis</caption>
            <thead>
              <tr>
                <td className={s.rowHead} />
                {entries.map((entry) => (
                  <th key={entry.code} scope="col" className={s.cell} data-compare-code={entry.code}>
                    <ColumnHead entry={entry} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => {
                const best = row.best
                  ? bestIndexes(
                      row.best.values(entries.map((e) => (e.state === "active" ? e.listing : null))),
                      row.best.better,
                    )
                  : new Set<number>();
                return (
                  <tr key={row.label}>
                    <th scope="row" className={s.rowHead}>
                      {row.label}
                    </th>
                    {entries.map((entry, i) => (
                      <td key={entry.code} className={s.cell}>
                        {(entry.state === "active" ? row.cell(entry.listing) : null) ?? <Dash />}
                        {best.has(i) ? <BestMark text={row.best!.mark} /> : null}
                      </td>
                    ))}
                  </tr>
                );
              })}
              {amenities.map((amenity) => (
                <tr key={amenity.slug}>
                  <th scope="row" className={s.rowHead}>
                    {amenity.label}
                  </th>
                  {entries.map((entry) =>
                    entry.state === "active" && entry.listing.amenities.includes(amenity.slug) ? (
                      <td key={entry.code} className={s.cell}>
                        <span aria-hidden="true" className={s.yes}>
                          ✓
                        </span>
                        <span className={visuallyHidden}>sim</span>
                      </td>
                    ) : (
                      <td key={entry.code} className={s.cell}>
                        <Dash text="não" />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to={FAVOURITES_PATH}>Voltar aos favoritos</Link>
      </p>
    </div>
  );
}

/** Photo, title and code of a column; the notice for a listing that left the catalogue. */
function ColumnHead({ entry }: { entry: FavouriteEntry }) {
  if (entry.state !== "active") {
    return (
      <>
        <span className={s.kicker}>Cód. {entry.code}</span>
        <br />
        <span>{entry.listing?.title || `Imóvel código ${entry.code}`}</span>
        <p className={s.gone}>Este imóvel saiu do catálogo</p>
      </>
    );
  }
  const listing = entry.listing;
  const title = listing.title || `${listing.category} em ${listing.neighbourhood}`;
  return (
    <>
      {listing.coverPhotoUrl ? (
        <CoverThumb url={listing.coverPhotoUrl} className={s.comparePhoto} alt={`Foto de ${title}`} lazy />
      ) : null}
      <span className={s.kicker}>
        {listing.category} · Cód. {listing.code}
      </span>
      <br />
      <Link to={listing.path}>{title}</Link>
    </>
  );
}
