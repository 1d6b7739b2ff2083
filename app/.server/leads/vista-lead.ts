/**
 * A stored lead in Vista's `POST /lead` format (docs/vista-api.md §2.4):
 * `{nome, email, fone, interesse, anuncio, veiculo, mensagem}`.
 */
import type { VistaLeadWire } from "../vista";
import type { LeadListingContext } from "../mail/templates";
import type { LeadRow } from "./store";

/**
 * Maps a lead to Vista's lead object. `interesse` is "Venda" when the listing
 * is for sale, "Locação" when only for rent, absent otherwise; `veiculo` is
 * the capture channel, e.g. "Site Horizonte Imobiliária"; `mensagem` carries
 * the kind and the fields Vista has no slot for (location, condominium).
 */
export function toVistaLead(lead: LeadRow, listing: LeadListingContext | null, veiculo: string): VistaLeadWire {
  const parts: string[] = [];
  if (lead.kind === "sell") parts.push("Quer vender um imóvel.", `Localização: ${lead.location ?? ""}`);
  // A condominium "avise-me" names the condominium; a saved-search alert's message describes the search.
  if (lead.kind === "alert" && lead.condominium)
    parts.push(`Pediu aviso de imóveis no condomínio ${lead.condominium}.`);
  if (lead.message) parts.push(lead.message);
  const wire: VistaLeadWire = { nome: lead.name?.trim() || "Visitante do site", veiculo };
  if (lead.email) wire.email = lead.email;
  if (lead.phone) wire.fone = lead.phone;
  if (listing?.salePrice != null) wire.interesse = "Venda";
  else if (listing?.rentPrice != null) wire.interesse = "Locação";
  if (lead.listingCode) wire.anuncio = lead.listingCode;
  if (parts.length) wire.mensagem = parts.join("\n");
  return wire;
}
