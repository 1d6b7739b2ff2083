import type { Photo } from "./listing";

/**
 * A condominium (building or development). Vista has no condominium endpoint
 * (docs/vista-api.md §2.2): the sync derives one from the listings that share an
 * `Empreendimento` name, with `DescricaoEmpreendimento`, `InfraEstrutura` and
 * the `FotoEmpreendimento` gallery.
 */
export interface Condominium {
  /** URL slug, unique (`/detalhes/{condominio}`). */
  slug: string;
  /** Name (`Empreendimento`). */
  name: string;
  /** Description (`DescricaoEmpreendimento`). */
  description: string;
  neighbourhood: string;
  city: string;
  state: string;
  address: string;
  /** WGS84 degrees, null when unknown. */
  latitude: number | null;
  longitude: number | null;
  /** Building amenities, pt-BR labels (`InfraEstrutura`). */
  infrastructure: string[];
  /** Gallery (`FotoEmpreendimento`), sorted. */
  photos: Photo[];
  /** Cover photo URL (`FotoDestaqueEmpreendimento`), empty when none. */
  coverPhotoUrl: string;
  /** Number of floors (`Andares`). */
  floors: number | null;
  /** Year built (`AnoConstrucao`). */
  yearBuilt: number | null;
  /** Is a launch (any unit with `Lancamento`). */
  isLaunch: boolean;
}

/** A condominium card (index and home page). Money in BRL. */
export interface CondominiumCard {
  slug: string;
  name: string;
  neighbourhood: string;
  city: string;
  citySlug: string;
  neighbourhoodSlug: string;
  /** Source URL of the cover photo (condominium's, else one of its units'); "" when none. */
  coverPhotoUrl: string;
  /** `/detalhes/{slug}` (`condominiumPath`). */
  path: string;
  /** Active units in total, for sale, for rent (a unit offered both ways counts in both). */
  units: number;
  unitsForSale: number;
  unitsForRent: number;
  /** Lowest sale price among its active units, null when none for sale. */
  salePriceFrom: number | null;
  /** Lowest monthly rent among its active units, null when none for rent. */
  rentPriceFrom: number | null;
}
