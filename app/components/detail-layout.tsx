/**
 * The frame and blocks the listing page and the condominium page
 * (`/detalhes/…`, docs/spec.txt §2) share: breadcrumbs above the
 * two-column layout whose left column starts with the gallery, a text section, an amenities section, the single-point
 * map and a section of listing cards.
 */
import type { ReactNode } from "react";
import type { Photo, Purpose } from "~/domain/listing";
import type { ListingSummary } from "~/domain/listing-summary";
import { container } from "~/styles/ui.css";
import { Amenities } from "./amenities";
import { Breadcrumbs, type Crumb } from "./breadcrumbs";
import * as p from "./detail-page.css";
import { Gallery } from "./gallery";
import { ListingGridIsland } from "./listing-grid-island";
import { PointMap } from "./point-map";
import { Prose } from "./prose";

/** Props of {@link DetailFrame}. */
export interface DetailFrameProps {
  crumbs: readonly Crumb[];
  /** Key of the gallery (a new page resets it). */
  galleryKey: string;
  photos: Photo[];
  /** Name of the listing or condominium (gallery alt texts). */
  title: string;
  /** The header, the aside and the content of the two-column layout. */
  children: ReactNode;
  /** What comes after the layout, full width (lists of listings, JSON-LD). */
  after?: ReactNode;
  /** Data attributes of the page element (e.g. `data-listing-code`). */
  dataAttributes?: Record<`data-${string}`, string>;
}

/**
 * Breadcrumbs, then the layout: the gallery first (edge to edge on phones, in
 * the left column beside the aside from 1024 px), then the children.
 */
export function DetailFrame({ crumbs, galleryKey, photos, title, children, after, dataAttributes }: DetailFrameProps) {
  return (
    <div className={p.page} {...dataAttributes}>
      <div className={container}>
        <Breadcrumbs items={crumbs} />
      </div>
      <div className={`${container} ${p.layout}`}>
        <div className={p.galleryWrap}>
          <Gallery key={galleryKey} photos={photos} title={title} />
        </div>
        {children}
      </div>
      {after}
    </div>
  );
}

/** A section of prose under an `<h2 id={id}>`; nothing without text. */
export function TextSection({ id, title, text }: { id: string; title: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <section className={p.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Prose text={text} />
    </section>
  );
}

/** An amenities list in a section; nothing without items. */
export function AmenitiesSection({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  if (!items.length) return null;
  return (
    <div className={p.section}>
      <Amenities id={id} title={title} items={items} />
    </div>
  );
}

/** Props of {@link DetailMap}. */
export interface DetailMapProps {
  /** Coordinates and tile settings (`pointMapData()`); nothing when null. */
  map: { latitude: number; longitude: number; tileUrl: string; tileAttribution: string } | null;
  /** Accessible name of the map. */
  label: string;
  /** Radius (m) of a shaded circle around the point (an approximate location). */
  radiusMetres?: number;
}

/** The single-point map of a detail page; nothing without coordinates. */
export function DetailMap({ map, label, radiusMetres }: DetailMapProps) {
  if (!map) return null;
  return <PointMap label={label} radiusMetres={radiusMetres} {...map} />;
}

/** Props of {@link ListingsSection}. */
export interface ListingsSectionProps {
  /** Id of the heading (or, with `anchor`, of the section; the heading is then `{id}-titulo`). */
  id: string;
  title: string;
  listings: ListingSummary[];
  purpose?: Purpose;
  /** Makes the section itself the anchor `#{id}` (linked from elsewhere on the page). */
  anchor?: boolean;
  /** Beside the heading (a count, a "ver mais" link). */
  aside?: ReactNode;
  /** Shown instead of the grid when there are no listings; without it, no listings renders nothing. */
  empty?: ReactNode;
  /** Cards whose images load eagerly. */
  eagerCount?: number;
  /** Without the page container (inside one already). */
  bare?: boolean;
  /** Prefix of the cards' ids (`ListingGrid`'s `itemIdPrefix`). */
  itemIdPrefix?: string;
  /** Below the grid (a link to more listings). */
  more?: ReactNode;
}

/** A titled grid of listing cards. */
export function ListingsSection(props: ListingsSectionProps) {
  const { id, title, listings, anchor, empty } = props;
  if (!listings.length && empty == null) return null;
  const headingId = anchor ? `${id}-titulo` : id;
  return (
    <section
      id={anchor ? id : undefined}
      className={props.bare ? p.listSection : `${container} ${p.listSection}`}
      aria-labelledby={headingId}
    >
      <div className={p.listHeader}>
        <h2 id={headingId}>{title}</h2>
        {props.aside}
      </div>
      {listings.length ? (
        <ListingGridIsland
          listings={listings}
          purpose={props.purpose}
          label={title}
          eagerCount={props.eagerCount}
          itemIdPrefix={props.itemIdPrefix}
        />
      ) : (
        empty
      )}
      {listings.length ? props.more : null}
    </section>
  );
}
