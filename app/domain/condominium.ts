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
