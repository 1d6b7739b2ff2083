/**
 * The private part of a sandbox listing (docs/spec.txt §3; never public):
 * owners, internal notes and the prontuário, composed on first use.
 */
import { Rng } from "../prng";
import { brl } from "../text";
import { BROKERS, FIRST_NAMES, SURNAMES, type SandboxBroker } from "../vocabulary";
import { folded, mobilePhone } from "./addresses";
import { addDays, daysBetween, pad2 } from "./dates";
import type { ListingPrivate, SandboxHistoryEntry, SandboxListing, SandboxOwner } from "./model";

const OBSERVATIONS = [
  "Chaves na portaria.",
  "Chaves com o proprietário; combinar a visita com 24 horas de antecedência.",
  "Proprietário prefere visitas após as 18h.",
  "Imóvel desocupado, chaves na imobiliária.",
  "Imóvel ocupado pelo inquilino; avisar com antecedência.",
  "Zelador acompanha as visitas durante a semana.",
  "Vaga de garagem demarcada, número no contrato.",
  "Pintura nova; piso trocado recentemente.",
];

const HISTORY_VISITS = [
  "Visita com cliente interessado; gostou da planta e da iluminação.",
  "Visita realizada; cliente achou o condomínio alto para o padrão do prédio.",
  "Cliente visitou com a família e pediu uma segunda visita.",
  "Visita realizada; cliente vai comparar com outro imóvel da região.",
  "Visita acompanhada pelo zelador; cliente elogiou a localização.",
];

const HISTORY_CONTACTS = [
  "Proprietário confirmou disponibilidade e valor.",
  "Contato com o proprietário para atualizar a documentação.",
  "Proprietário autorizou a divulgação nos portais.",
  "Proprietário pediu retorno semanal sobre as visitas.",
];

function historyEvent(
  rng: Rng,
  kind: number,
  listing: { brokerCode: string },
  sale: boolean,
  price: number,
): Omit<SandboxHistoryEntry, "id" | "date" | "time"> {
  switch (kind) {
    case 0:
    case 1:
      return {
        subject: "Visita realizada",
        text: rng.pick(HISTORY_VISITS),
        brokerCode: kind === 0 ? (rng.pick(BROKERS) as SandboxBroker).code : listing.brokerCode,
        proposalValue: 0,
      };
    case 2:
      return {
        subject: "Contato com proprietário",
        text: rng.pick(HISTORY_CONTACTS),
        brokerCode: listing.brokerCode,
        proposalValue: 0,
      };
    case 3: {
      const step = sale ? 1000 : 10;
      const value = Math.round((price * rng.float(0.86, 0.96)) / step) * step;
      return {
        subject: "Proposta recebida",
        text: sale
          ? `Proposta de ${brl(value)} recebida e encaminhada ao proprietário.`
          : `Proposta de locação por ${brl(value)} por mês encaminhada ao proprietário.`,
        brokerCode: (rng.pick(BROKERS) as SandboxBroker).code,
        proposalValue: value,
      };
    }
    case 4:
      return {
        subject: "Fotos atualizadas",
        text: "Novas fotos do imóvel publicadas no site e nos portais.",
        brokerCode: listing.brokerCode,
        proposalValue: 0,
      };
    case 5:
      return {
        subject: "Anúncio publicado",
        text: "Anúncio publicado nos portais parceiros.",
        brokerCode: listing.brokerCode,
        proposalValue: 0,
      };
    default:
      return {
        subject: "Placa instalada",
        text: "Placa da imobiliária instalada na fachada.",
        brokerCode: listing.brokerCode,
        proposalValue: 0,
      };
  }
}

function compareHistory(a: { date: string; time: string }, b: { date: string; time: string }): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.time < b.time ? -1 : a.time > b.time ? 1 : 0;
}

function compareNumbers(a: number, b: number): number {
  return a - b;
}

/** 2–6 prontuário entries: the listing's registration first, then visits, proposals, contacts… up to its last update. */
function buildHistory(
  rng: Rng,
  listing: {
    index: number;
    createdAt: string;
    updatedAt: string;
    salePrice: number;
    rentPrice: number;
    brokerCode: string;
    hasSign: boolean;
  },
  broker: SandboxBroker,
): SandboxHistoryEntry[] {
  const sale = listing.salePrice > 0;
  const price = sale ? listing.salePrice : listing.rentPrice;
  const span = Math.max(1, daysBetween(listing.createdAt, listing.updatedAt));
  const count = rng.int(2, 6);
  const entries: SandboxHistoryEntry[] = [
    {
      id: "",
      date: listing.createdAt,
      time: `${pad2(rng.int(9, 17))}:${pad2(rng.int(0, 59))}`,
      subject: sale ? "Colocado para venda" : "Colocado para locação",
      text: `Imóvel captado por ${broker.fullName}. Autorização de ${sale ? "venda" : "locação"} assinada pelo proprietário.`,
      brokerCode: listing.brokerCode,
      proposalValue: 0,
    },
  ];
  const offsets: number[] = [];
  for (let k = 1; k < count; k++) offsets.push(rng.int(1, span));
  offsets.sort(compareNumbers);
  const kinds = listing.hasSign ? 7 : 6;
  for (const offset of offsets) {
    const event = historyEvent(rng, rng.int(0, kinds - 1), listing, sale, price);
    entries.push({
      id: "",
      ...event,
      date: addDays(listing.createdAt, offset),
      time: `${pad2(rng.int(8, 19))}:${pad2(rng.int(0, 59))}`,
    });
  }
  entries.sort(compareHistory);
  for (let k = 0; k < entries.length; k++)
    (entries[k] as SandboxHistoryEntry).id = String(100000 + listing.index * 10 + k);
  return entries;
}

/**
 * The listing's private data (owners, notes, prontuário), composed on first use.
 * Deterministic: seeded by the code.
 */
export function privateOf(listing: SandboxListing): ListingPrivate {
  if (!listing.privateData) {
    const rng = new Rng(`private:${listing.code}`);
    const sale = listing.salePrice > 0;
    const ownerCount = rng.chance(0.25) ? 2 : 1;
    const ownerSurname = rng.pick(SURNAMES);
    const owners: SandboxOwner[] = [];
    for (let k = 0; k < ownerCount; k++) {
      const first = rng.pick(FIRST_NAMES);
      owners.push({
        code: String(50000 + listing.index * 2 + k),
        name: `${first} ${rng.pick(SURNAMES)} ${ownerSurname}`,
        phone: mobilePhone(rng),
        mobile: mobilePhone(rng),
        email: `${folded(first)}.${folded(ownerSurname)}${rng.int(1, 99)}@email.example`,
      });
    }
    const notes = rng.shuffle(OBSERVATIONS).slice(0, rng.int(1, 2)).join(" ");
    const saleNotes = sale
      ? `Valor mínimo aceito pelo proprietário: ${brl(Math.round((listing.salePrice * rng.float(0.9, 0.97)) / 1000) * 1000)}. ${
          listing.acceptsFinancing ? "Aceita financiamento bancário." : "Somente à vista."
        } ${rng.pick(["Documentação em ordem.", "Inventário concluído; documentação em ordem.", "Matrícula atualizada na pasta do imóvel."])}`
      : "";
    const rentNotes =
      listing.rentPrice > 0
        ? `Garantias aceitas: ${rng.pick(["fiador, seguro-fiança ou título de capitalização", "seguro-fiança ou caução de três meses", "fiador com imóvel em São Paulo ou seguro-fiança"])}.`
        : "";
    const broker = BROKERS.find((b) => b.code === listing.brokerCode) ?? (BROKERS[0] as SandboxBroker);
    listing.privateData = { owners, notes, saleNotes, rentNotes, history: buildHistory(rng, listing, broker) };
  }
  return listing.privateData;
}
