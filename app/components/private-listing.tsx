/**
 * The broker area's view of a listing's private data: owner,
 * owner phone, internal notes, sale notes and the prontuário; and
 * {@link PrivatePanel}, which a listing page renders for a signed-in broker
 * and which loads that data after hydration from `/painel/imovel/{code}/dados`
 * (`Cache-Control: private, no-store`), never from the public loader. Without
 * JavaScript the panel shows a link to `/painel/imovel/{code}`.
 */
import { useEffect, useState } from "react";
import type { PrivateListingData } from "~/domain/listing";
import { privateListingPath } from "~/lib/auth";
import { formatDate } from "~/lib/format";
import { formatPhone, telHref } from "~/lib/phone";
import { useOptionalRootData } from "~/lib/root-data";
import * as s from "./private-listing.css";
import { PrivatePanelFrame, PrivatePanelLoading } from "./private-panel-frame";

/** The private facts and history of one listing. */
export function PrivateListingDetails({ listing }: { listing: NonNullable<PrivateListingData["listing"]> }) {
  const { data, history, unavailable } = listing;
  const owners = data.owners.length ? data.owners : data.ownerName ? [{ name: data.ownerName, phone: "" }] : [];
  return (
    <>
      <dl className={s.facts}>
        {unavailable.includes("owners") ? (
          <>
            <dt className={s.term}>Proprietário</dt>
            <dd className={s.value}>A chave do Vista deste site não tem acesso aos proprietários.</dd>
          </>
        ) : owners.length === 0 ? (
          <>
            <dt className={s.term}>Proprietário</dt>
            <dd className={s.value}>Não informado</dd>
          </>
        ) : (
          owners.map((owner, index) => (
            <div key={`${owner.name}-${index}`} className={s.ownerGroup}>
              <dt className={s.term}>Proprietário</dt>
              <dd className={s.value} data-private="owner-name">
                {owner.name || "Não informado"}
              </dd>
              <dt className={s.term}>Telefone</dt>
              <dd className={s.value} data-private="owner-phone">
                {owner.phone ? <a href={telHref(owner.phone)}>{formatPhone(owner.phone)}</a> : "Não informado"}
              </dd>
            </div>
          ))
        )}
        <dt className={s.term}>Observações</dt>
        <dd className={s.value}>{data.notes || "—"}</dd>
        <dt className={s.term}>Observações de venda</dt>
        <dd className={s.value}>{data.saleNotes || "—"}</dd>
      </dl>
      <h3 className={s.heading}>Prontuário</h3>
      {unavailable.includes("history") ? (
        <p className={s.muted}>A chave do Vista deste site não tem acesso ao prontuário.</p>
      ) : history.length === 0 ? (
        <p className={s.muted}>Nenhum registro no prontuário.</p>
      ) : (
        <ol className={s.history}>
          {history.slice(0, 20).map((entry, index) => (
            <li key={index} className={s.historyItem}>
              <strong>{entry.subject || "Registro"}</strong>{" "}
              <span className={s.muted}>
                {formatDate(entry.date)} {entry.time}
              </span>
              {entry.text ? <p className={s.value}>{entry.text}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** What the panel shows while and after loading. */
type PanelState =
  { kind: "loading" } | { kind: "loaded"; data: PrivateListingData } | { kind: "failed"; message: string };

/**
 * The broker panel on a listing page: nothing for anonymous visitors (the
 * public page is the same for everyone and may be cached); for a signed-in
 * agent or admin, the private data fetched after hydration from
 * `/painel/imovel/{code}/dados` (never part of the public loader's data).
 * Over the hourly limit of owner data (429) it shows the server's pt-BR
 * message with the time to try again.
 */
export function PrivatePanel({ code }: { code: string }) {
  const root = useOptionalRootData();
  const signedIn = Boolean(root?.user);
  const path = privateListingPath(code);
  const [state, setState] = useState<PanelState>({ kind: "loading" });
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    setState({ kind: "loading" });
    fetch(`${path}/dados`, {
      signal: controller.signal,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        if (response.status === 401)
          return setState({
            kind: "failed",
            message: "Sua sessão expirou. Entre novamente para ver os dados internos.",
          });
        if (response.status === 403)
          return setState({ kind: "failed", message: "Sua conta não tem acesso aos dados internos." });
        if (response.status === 429) {
          // Over the hourly limit of owner data: the body says until when.
          const body = (await response.json().catch(() => null)) as PrivateListingData | null;
          return setState({
            kind: "failed",
            message: body?.error ?? "Você atingiu o limite de imóveis por hora com dados de proprietários.",
          });
        }
        if (!response.ok) return setState({ kind: "failed", message: "Não foi possível carregar os dados internos." });
        setState({ kind: "loaded", data: (await response.json()) as PrivateListingData });
      })
      .catch(() => {
        if (!controller.signal.aborted)
          setState({ kind: "failed", message: "Não foi possível carregar os dados internos." });
      });
    return () => controller.abort();
  }, [signedIn, path]);
  if (!signedIn) return null;
  return (
    <PrivatePanelFrame code={code}>
      {state.kind === "loading" ? (
        <PrivatePanelLoading code={code} />
      ) : state.kind === "failed" ? (
        <p className={s.muted}>{state.message}</p>
      ) : state.data.listing ? (
        <PrivateListingDetails listing={state.data.listing} />
      ) : (
        <p className={s.muted}>{state.data.error}</p>
      )}
    </PrivatePanelFrame>
  );
}
