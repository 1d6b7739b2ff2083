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
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import * as s from "~/components/favourites.css";
import { FavouriteItem, SaveSharedList, ShareList } from "~/components/favourites-list";
import { HeartIcon } from "~/components/icons";
import { COMPARE_PATH, MAX_COMPARE } from "~/lib/favourites";
import { LISTINGS_PATH } from "~/lib/paths";
import { button, container } from "~/styles/ui.css";
import { loadFavourites } from "./favourites.server";

export type { FavouritesData } from "./favourites.server";

/** The visitor's list, or the shared list of `?codigos=` (`./favourites.server`). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadFavourites(request);
}

export { privatePageHeaders as headers } from "~/lib/cache-control";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.mode === "shared" ? "Lista compartilhada" : "Meus favoritos"} | ${data?.site.title ?? "Imobiliária"}`,
  },
  { name: "robots", content: "noindex" },
];

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
