/**
 * The frame of the broker's panel on a listing page (`./private-listing`,
 * `PrivatePanel`): the section, its badge and heading, and what it shows
 * while the private data loads, a link to `/painel/imovel/{code}`. Apart
 * from the panel so that the listing page can show it before, or without,
 * the panel's code (docs/decisions/0046-lighter-first-loads.md).
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { privateListingPath } from "~/lib/auth";
import * as s from "./private-listing.css";

/** The panel's section for listing `code`, around `children`. */
export function PrivatePanelFrame({ code, children }: { code: string; children: ReactNode }) {
  return (
    <section className={s.panel} aria-labelledby="painel-privado-titulo" data-testid="painel-privado">
      <span className={s.badge}>Área do corretor · visível só para você</span>
      <h2 id="painel-privado-titulo" className={s.heading}>
        Dados internos do imóvel {code}
      </h2>
      {children}
    </section>
  );
}

/** "Carregando…" with the link to the private page (the whole panel without JavaScript). */
export function PrivatePanelLoading({ code }: { code: string }) {
  return (
    <p className={s.muted}>
      Carregando… <Link to={privateListingPath(code)}>Abrir os dados internos</Link>
    </p>
  );
}
