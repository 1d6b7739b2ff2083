/**
 * `/favoritos` (docs/decisions/0032-favourites-and-compare.md): the listings
 * saved in this browser's `favoritos` cookie, with their current prices; a
 * listing that left the catalogue says so ("Este imóvel saiu do catálogo")
 * and can be removed. Up to 4 active ones can be ticked and compared
 * (`/comparar`, a GET form, so it works without JavaScript). The list can be
 * shared by WhatsApp or as a link.
 *
 * `/favoritos?codigos=A1,B2` shows a shared list instead (at most 50 valid
 * codes; anything else: 400 with a message) with "Salvar estes na minha
 * lista". Per visitor, so `private, no-store`, and never indexed.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { favouriteEntries, type FavouriteEntry } from "~/.server/catalogue/favourites";
import { siteOrigin } from "~/.server/origin";
import { getTheme } from "~/.server/theme";
import { EmptyState } from "~/components/empty-state";
import { HeartIcon } from "~/components/icons";
import { WhatsAppIcon } from "~/components/icons";
import { whatsAppShareUrl } from "~/components/share-buttons";
import { useToast } from "~/components/toast";
import { privatePage } from "~/lib/cache-control";
import {
  COMPARE_PATH,
  FAVOURITE_FIELDS,
  FAVOURITE_TOGGLE_PATH,
  FAVOURITES_PATH,
  MAX_COMPARE,
  MAX_FAVOURITES,
  parseCodesParam,
  readFavourites,
  sharedListPath,
} from "~/lib/favourites";
import { formatPrice } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import { LISTINGS_PATH } from "~/lib/paths";
import { useFavourites } from "~/lib/use-favourites";
import { button, container } from "~/styles/ui.css";
import * as s from "./favourites.css";

/** What the page receives. */
export interface FavouritesData {
  site: { title: string };
  /** `mine`: the visitor's own list; `shared`: a list from `?codigos=`. */
  mode: "mine" | "shared";
  entries: FavouriteEntry[];
  /** The codes shown, in order. */
  codes: string[];
  /** Absolute shareable URL of the list, null when it is empty. */
  shareUrl: string | null;
  /** pt-BR message about a malformed `?codigos=`, else null. */
  error: string | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const headers = privatePage({ "X-Robots-Tag": "noindex" });
  const site = { title: getTheme().title };
  const shared = url.searchParams.has("codigos");
  let codes: string[];
  if (shared) {
    const parsed = parseCodesParam(url.searchParams.getAll("codigos"), MAX_FAVOURITES);
    if (!parsed.ok) {
      return json<FavouritesData>(
        { site, mode: "shared", entries: [], codes: [], shareUrl: null, error: parsed.message },
        { status: 400, headers },
      );
    }
    codes = parsed.codes;
  } else {
    codes = readFavourites(request.headers.get("Cookie"));
  }
  const entries = await favouriteEntries(codes);
  const shareUrl = codes.length ? `${siteOrigin(request)}${sharedListPath(codes)}` : null;
  return json<FavouritesData>(
    { site, mode: shared ? "shared" : "mine", entries, codes, shareUrl, error: null },
    { headers },
  );
}

export { privatePageHeaders as headers } from "~/lib/cache-control";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.mode === "shared" ? "Lista compartilhada" : "Meus favoritos"} | ${data?.site.title ?? "Imobiliária"}`,
  },
  { name: "robots", content: "noindex" },
];

/** The site's toast API when a provider is mounted, else null. */
function useOptionalToast(): ReturnType<typeof useToast> | null {
  try {
    return useToast();
  } catch {
    return null;
  }
}

/** The favourites page. */
export default function FavouritesPage() {
  const data = useLoaderData<typeof loader>();
  const shared = data.mode === "shared";
  const activeCount = data.entries.filter((e) => e.state === "active").length;
  return (
    <div className={`${container} ${s.page}`}>
      <header className={s.header}>
        <h1 className={s.title}>{shared ? "Lista de imóveis compartilhada" : "Meus favoritos"}</h1>
        <p className={s.muted}>
          {shared
            ? "Alguém compartilhou estes imóveis com você."
            : "Sua lista fica guardada só neste navegador: não é preciso criar conta."}
        </p>
      </header>
      {data.error ? (
        <p className={s.notice} role="alert">
          {data.error}
        </p>
      ) : null}
      {data.entries.length === 0 && !data.error ? (
        <EmptyState
          title={shared ? "Esta lista está vazia" : "Você ainda não salvou nenhum imóvel"}
          headingLevel={2}
          icon={<HeartIcon size={28} />}
          actions={[
            <Link key="all" className={button.primary} to={LISTINGS_PATH}>
              Ver todos os imóveis
            </Link>,
          ]}
        >
          <p>Toque no coração de um imóvel para guardá-lo aqui e comparar depois.</p>
        </EmptyState>
      ) : null}
      {shared && data.codes.length ? <SaveSharedList codes={data.codes} /> : null}
      {data.entries.length ? (
        <>
          <ul className={s.list} aria-label="Imóveis da lista">
            {data.entries.map((entry) => (
              <FavouriteItem key={entry.code} entry={entry} removable={!shared} comparable={activeCount >= 2} />
            ))}
          </ul>
          {activeCount >= 2 ? (
            <form id="comparar" method="get" action={COMPARE_PATH} className={s.panel}>
              <h2 className={s.panelTitle}>Comparar</h2>
              <p className={s.muted}>Marque “Comparar” em 2 a {MAX_COMPARE} imóveis e veja-os lado a lado.</p>
              <div className={s.actions}>
                <button type="submit" className={button.dark}>
                  Comparar selecionados
                </button>
              </div>
            </form>
          ) : null}
        </>
      ) : null}
      {!shared && data.shareUrl ? <ShareList url={data.shareUrl} /> : null}
    </div>
  );
}

/** One listing of the list, with its status and controls. */
function FavouriteItem({
  entry,
  removable,
  comparable,
}: {
  entry: FavouriteEntry;
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
          <img
            className={s.photo}
            src={imageUrl(listing.coverPhotoUrl, 320)}
            width={320}
            height={240}
            alt=""
            loading="lazy"
            decoding="async"
          />
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
function SaveSharedList({ codes }: { codes: string[] }) {
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
function ShareList({ url }: { url: string }) {
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
