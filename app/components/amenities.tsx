/**
 * A titled list of amenities: a listing's characteristics (Vista
 * `Caracteristicas`) or a building's infrastructure (`InfraEstrutura`), as the
 * pt-BR labels the adapter produced (docs/product.md: "characteristics and
 * infrastructure"; condominium page "amenities").
 */
import { dedupeAmenities } from "~/lib/amenities";
import { CheckIcon } from "./icons";
import * as s from "./amenities.css";

/** Props of {@link Amenities}. */
export interface AmenitiesProps {
  /** Section heading, e.g. "Características do imóvel". */
  title: string;
  /** Labels; repeats (`dedupeAmenities`), generic labels beside specific ones and blanks are dropped, order kept. */
  items: readonly string[];
  /** Id of the heading (for `aria-labelledby`). */
  id: string;
}

/** The amenities section; nothing when there is no item. */
export function Amenities({ title, items, id }: AmenitiesProps) {
  const [unique] = dedupeAmenities([items]);
  if (unique.length === 0) return null;
  return (
    <section className={s.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className={s.list}>
        {unique.map((item) => (
          <li key={item} className={s.item}>
            <CheckIcon size={18} className={s.check} />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
