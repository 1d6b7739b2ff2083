/**
 * Blocks the listing page and the condominium page (`/detalhes/…`, docs/spec.txt §2)
 * both show: the address line under the title, the "Detalhes" list and the
 * "Localização" section with its OpenStreetMap link.
 */
import { FactList } from "./fact-list";
import { MapPinIcon } from "./icons";
import * as p from "./detail-page.css";
import { button } from "~/styles/ui.css";

/** Where a listing or condominium is (the fields `Listing` and `Condominium` share). */
export interface Place {
  address: string;
  neighbourhood: string;
  city: string;
  state: string;
}

/** "Rua X, 10, Moema, São Paulo – SP": the known parts only, "" when none is known. */
export function fullAddress(place: Place): string {
  return [place.address, place.neighbourhood, [place.city, place.state].filter(Boolean).join(" – ")]
    .filter(Boolean)
    .join(", ");
}

/** The header's address line with a pin icon; nothing when no part of the address is known. */
export function AddressLine({ place }: { place: Place }) {
  const address = fullAddress(place);
  if (!address) return null;
  return (
    <p className={p.location}>
      <MapPinIcon size={18} className={p.inlineIcon} />
      <span>{address}</span>
    </p>
  );
}

/** The "Detalhes" section: a `<dl>` of [term, value] rows, in order; nothing when there are no rows. */
export function DetailsSection({ rows }: { rows: readonly (readonly [string, string])[] }) {
  if (!rows.length) return null;
  return (
    <section className={p.section} aria-labelledby="detalhes">
      <h2 id="detalhes">Detalhes</h2>
      <FactList rows={rows} classes={{ list: p.details, row: p.detail, term: p.detailTerm, value: p.detailValue }} />
    </section>
  );
}

/** Props of {@link LocationSection}. */
export interface LocationSectionProps {
  place: Omit<Place, "address">;
  /** OpenStreetMap link (`openStreetMapUrl()`), null when the coordinates are unknown: no "Ver no mapa" button. */
  mapUrl: string | null;
  /** A muted line under the place, e.g. that the location is approximate. */
  note?: string;
}

/** The "Localização" section: "**bairro**, cidade – UF", an optional note and the "Ver no mapa" button. */
export function LocationSection({ place, mapUrl, note }: LocationSectionProps) {
  const where = (
    <p>
      <strong>{place.neighbourhood}</strong>
      {place.city ? `, ${place.city}` : ""}
      {place.state ? ` – ${place.state}` : ""}
    </p>
  );
  return (
    <section className={p.section} aria-labelledby="localizacao">
      <h2 id="localizacao">Localização</h2>
      <div className={p.locationCard}>
        {note ? (
          <div>
            {where}
            <p className={p.muted}>{note}</p>
          </div>
        ) : (
          where
        )}
        {mapUrl ? (
          <a className={button.outline} href={mapUrl} target="_blank" rel="noopener noreferrer">
            <MapPinIcon size={18} />
            Ver no mapa
          </a>
        ) : null}
      </div>
    </section>
  );
}
