/**
 * The parts of `/favoritos` (docs/decisions/0032-favourites-and-compare.md):
 * one saved listing with its state and controls ("Comparar", "Remover"),
 * "Salvar estes na minha lista" of a shared list, and "Compartilhar lista".
 */
import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import type { ListingSummary } from "~/domain/listing-summary";
import { FAVOURITE_FIELDS, FAVOURITE_TOGGLE_PATH, FAVOURITES_PATH, MAX_FAVOURITES } from "~/lib/favourites";
import { formatPrice } from "~/lib/format";
import { CoverThumb } from "./cover-thumb";
import { useFavourites } from "~/lib/use-favourites";
import { button } from "~/styles/ui.css";
import { HeartIcon, WhatsAppIcon } from "./icons";
import { whatsAppShareUrl } from "./share-buttons";
import { useToast } from "./toast";
import * as s from "./favourites.css";

/**
 * One entry of the list as the page draws it: a listing still in the
 * catalogue (`active`), one that left it (`removed`, with what is known of
 * it), or a code the catalogue never had (`unknown`).
 */
export type FavouriteItemEntry =
  | {
      code: string;
      state: "active";
      listing: Pick<
        ListingSummary,
        "code" | "title" | "category" | "neighbourhood" | "city" | "salePrice" | "rentPrice" | "coverPhotoUrl" | "path"
      >;
    }
  | { code: string; state: "removed"; listing: Pick<ListingSummary, "title" | "category" | "neighbourhood" | "city"> }
  | { code: string; state: "unknown"; listing: null };

/** The site's toast API when a provider is mounted, else null. */
function useOptionalToast(): ReturnType<typeof useToast> | null {
  try {
    return useToast();
  } catch {
    return null;
  }
}

/** One listing of the list, with its status and controls. */
export function FavouriteItem({
  entry,
  removable,
  comparable,
}: {
  entry: FavouriteItemEntry;
  removable: boolean;
  /** Whether the comparison form is on the page (two active listings or more). */
  comparable: boolean;
}) {
  const headingId = `favorito-${entry.code}`;
  if (entry.state !== "active") {
    const title = entry.listing?.title || `Imóvel código ${entry.code}`;
    const place = entry.listing ? [entry.listing.neighbourhood, entry.listing.city].filter(Boolean).join(", ") : "";
    return (
      <li className={s.item} aria-labelledby={headingId} data-favourite={entry.code} data-state={entry.state}>
        <div className={s.body}>
          <p className={s.kicker}>Cód. {entry.code}</p>
          <h2 className={s.itemTitle} id={headingId}>
            {title}
          </h2>
          {place ? <p className={s.muted}>{place}</p> : null}
          <p className={s.gone}>Este imóvel saiu do catálogo</p>
          {removable ? (
            <div className={s.itemActions}>
              <RemoveButton code={entry.code} title={title} />
            </div>
          ) : null}
        </div>
      </li>
    );
  }
  const listing = entry.listing;
  const title = listing.title || `${listing.category} em ${listing.neighbourhood}`;
  const place = [listing.neighbourhood, listing.city].filter(Boolean).join(", ");
  return (
    <li className={s.item} aria-labelledby={headingId} data-favourite={entry.code} data-state="active">
      <Link to={listing.path} tabIndex={-1} aria-hidden="true">
        {listing.coverPhotoUrl ? (
          <CoverThumb url={listing.coverPhotoUrl} className={s.photo} alt="" lazy />
        ) : (
          <span className={s.photo} />
        )}
      </Link>
      <div className={s.body}>
        <p className={s.kicker}>
          {listing.category} · Cód. {listing.code}
        </p>
        <h2 className={s.itemTitle} id={headingId}>
          <Link to={listing.path}>{title}</Link>
        </h2>
        {place ? <p className={s.muted}>{place}</p> : null}
        {listing.salePrice != null ? <p className={s.price}>Venda {formatPrice(listing.salePrice)}</p> : null}
        {listing.rentPrice != null ? <p className={s.price}>Aluguel {formatPrice(listing.rentPrice)}/mês</p> : null}
        {listing.salePrice == null && listing.rentPrice == null ? <p className={s.price}>Consulte</p> : null}
        <p className={s.available}>Disponível</p>
        <div className={s.itemActions}>
          {comparable ? (
            <label className={s.check}>
              <input
                className={s.checkbox}
                type="checkbox"
                name="codigos"
                value={listing.code}
                form="comparar"
                aria-label={`Comparar: ${title}`}
              />
              Comparar
            </label>
          ) : null}
          {removable ? <RemoveButton code={entry.code} title={title} /> : null}
        </div>
      </div>
    </li>
  );
}

/** "Remover" of one item: a post to the toggle route, handled in the page once hydrated. */
function RemoveButton({ code, title }: { code: string; title: string }) {
  const { remove } = useFavourites();
  const revalidator = useRevalidator();
  const toast = useOptionalToast();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    remove(code);
    toast?.notify({ type: "success", title: "Imóvel removido dos favoritos" });
    revalidator.revalidate();
  }
  return (
    <form method="post" action={FAVOURITE_TOGGLE_PATH} onSubmit={onSubmit}>
      <input type="hidden" name={FAVOURITE_FIELDS.action} value="remover" />
      <input type="hidden" name={FAVOURITE_FIELDS.code} value={code} />
      <input type="hidden" name={FAVOURITE_FIELDS.returnTo} value={FAVOURITES_PATH} />
      <button type="submit" className={button.outline} aria-label={`Remover dos favoritos: ${title}`}>
        Remover
      </button>
    </form>
  );
}

/** "Salvar estes na minha lista" of a shared list. */
export function SaveSharedList({ codes }: { codes: string[] }) {
  const { addAll } = useFavourites();
  const navigate = useNavigate();
  const toast = useOptionalToast();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const change = addAll(codes);
    toast?.notify({
      type: change.full ? "error" : "success",
      title: change.full
        ? `Sua lista chegou ao limite de ${MAX_FAVOURITES} imóveis; alguns não foram salvos.`
        : "Imóveis salvos nos seus favoritos",
    });
    navigate(FAVOURITES_PATH);
  }
  return (
    <form method="post" action={FAVOURITE_TOGGLE_PATH} onSubmit={onSubmit} className={s.actions}>
      <input type="hidden" name={FAVOURITE_FIELDS.action} value="salvar" />
      <input type="hidden" name={FAVOURITE_FIELDS.codes} value={codes.join(",")} />
      <input type="hidden" name={FAVOURITE_FIELDS.returnTo} value={FAVOURITES_PATH} />
      <button type="submit" className={button.primary}>
        <HeartIcon size={20} />
        Salvar estes na minha lista
      </button>
    </form>
  );
}

/** Copies `text` to the clipboard; false when the browser refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** "Compartilhar lista": WhatsApp and copy link (a plain link before hydration). */
export function ShareList({ url }: { url: string }) {
  const [enhanced, setEnhanced] = useState(false);
  const [status, setStatus] = useState("");
  useEffect(() => setEnhanced(true), []);
  async function onCopy() {
    setStatus((await copyText(url)) ? "Link copiado!" : "Não foi possível copiar: selecione o link abaixo.");
  }
  return (
    <section className={s.panel} aria-labelledby="compartilhar-lista">
      <h2 className={s.panelTitle} id="compartilhar-lista">
        Compartilhar lista
      </h2>
      <p className={s.muted}>Quem abrir o link vê estes imóveis e pode salvá-los na própria lista.</p>
      <div className={s.actions}>
        <a
          className={button.outline}
          href={whatsAppShareUrl(url, "Veja os imóveis que separei:")}
          target="_blank"
          rel="noopener noreferrer"
        >
          <WhatsAppIcon size={18} />
          Enviar por WhatsApp
        </a>
        {enhanced ? (
          <button type="button" className={button.outline} onClick={onCopy}>
            Copiar link
          </button>
        ) : null}
      </div>
      <a className={s.shareLink} href={url} data-share-link>
        {url}
      </a>
      <p className={s.status} role="status">
        {status}
      </p>
    </section>
  );
}
