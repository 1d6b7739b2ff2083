/**
 * The map's popups (ADR 0009): the listings that share one spot, and the card
 * of one listing (photo, price, facts, "Ver imóvel"), fetched from
 * `/mapa/pontos?imovel=` when opened.
 */
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ListingSummary } from "~/domain/listing-summary";
import { formatArea, formatPrice, plural } from "~/lib/format";
import { CoverThumb } from "../cover-thumb";
import { formatShortPrice } from "~/lib/map-data";
import { MAP_POINTS_PATH } from "~/lib/paths";
import type { PointProps } from "./cluster-index";
import * as s from "./listings-map.css";

/** Listings that share one spot: pick one to see its card. */
export function LeavesPopup({ leaves, total }: { leaves: PointProps[]; total: number }) {
  const [chosen, setChosen] = useState<string | null>(null);
  if (chosen) return <ListingPopup code={chosen} />;
  return (
    <div className={s.popup}>
      <div className={s.popupTitle}>{plural(total, "imóvel", "imóveis")} neste local</div>
      <ul className={s.leafList}>
        {leaves.map((leaf) => (
          <li key={leaf.code}>
            <button type="button" className={s.leafButton} onClick={() => setChosen(leaf.code)}>
              {formatShortPrice(leaf.price)}
              {leaf.purpose === "aluguel" && leaf.price ? "/mês" : ""} · Cód. {leaf.code}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The card of one listing inside a popup, fetched on open. */
export function ListingPopup({ code }: { code: string }) {
  const [state, setState] = useState<{ listing: ListingSummary | null } | "loading" | "error">("loading");
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${MAP_POINTS_PATH}?imovel=${encodeURIComponent(code)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { listing: ListingSummary | null }) => setState({ listing: body.listing ?? null }))
      .catch(() => {
        if (!controller.signal.aborted) setState("error");
      });
    return () => controller.abort();
  }, [code]);

  if (state === "loading") return <div className={s.popupStatus}>Carregando…</div>;
  if (state === "error") return <div className={s.popupStatus}>Não foi possível carregar este imóvel.</div>;
  const { listing } = state;
  if (!listing) return <div className={s.popupStatus}>Este imóvel não está mais disponível.</div>;
  const title = listing.title || `${listing.category} em ${listing.neighbourhood}`;
  const facts = [
    listing.area != null ? formatArea(listing.area) : null,
    listing.bedrooms != null ? plural(listing.bedrooms, "quarto", "quartos") : null,
    listing.parkingSpaces != null ? plural(listing.parkingSpaces, "vaga", "vagas") : null,
  ].filter(Boolean);
  return (
    <div className={s.popup}>
      {listing.coverPhotoUrl ? (
        <CoverThumb url={listing.coverPhotoUrl} className={s.popupPhoto} alt={`Foto de ${title}`} />
      ) : null}
      <div className={s.popupKicker}>
        {listing.category} · Cód. {listing.code}
      </div>
      <div className={s.popupTitle}>{title}</div>
      <div className={s.popupMeta}>{[listing.neighbourhood, listing.city].filter(Boolean).join(", ")}</div>
      {facts.length ? <div className={s.popupMeta}>{facts.join(" · ")}</div> : null}
      {listing.salePrice != null ? <div className={s.popupPrice}>Venda {formatPrice(listing.salePrice)}</div> : null}
      {listing.rentPrice != null ? (
        <div className={s.popupPrice}>Aluguel {formatPrice(listing.rentPrice)}/mês</div>
      ) : null}
      <Link className={s.popupLink} to={listing.path}>
        Ver imóvel
      </Link>
    </div>
  );
}
