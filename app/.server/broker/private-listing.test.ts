import { describe, expect, it } from "vitest";
import { type VistaClient, VistaAuthError, VistaNotFoundError, VistaServerError } from "../vista";
import { getPrivateListing } from "./private-listing";

/** A Vista client stub answering `detalhes` and `prontuario` for one listing. */
function client(options: {
  ownersRefused?: boolean;
  historyRefused?: boolean;
  missing?: boolean;
  down?: boolean;
}): VistaClient {
  const refused = () => new VistaAuthError("Permissão Negada", { endpoint: "imoveis/detalhes", status: 401 } as never);
  return {
    async detalhes(code: string, fields: readonly unknown[]) {
      if (options.down) throw new VistaServerError("HTTP 502", { endpoint: "imoveis/detalhes", status: 502 } as never);
      if (options.missing)
        throw new VistaNotFoundError("Imóvel não encontrado", { endpoint: "imoveis/detalhes", status: 200 } as never);
      const withOwners = fields.some((field) => typeof field === "object");
      if (withOwners && options.ownersRefused) throw refused();
      return {
        Codigo: code,
        Observacoes: "Chaves na portaria.",
        ObsVenda: "Aceita financiamento.",
        Proprietario: "Silvia Teixeira",
        ...(withOwners
          ? { proprietarios: { "9": { Proprietario: "Silvia Teixeira", FonePrincipal: "(11) 96723-2640" } } }
          : {}),
      };
    },
    async prontuario() {
      if (options.historyRefused) throw refused();
      return [{ Data: "2026-10-31", Hora: "10:46", Assunto: "Contato com proprietário", Texto: "Confirmou o valor." }];
    },
  } as unknown as VistaClient;
}

describe("getPrivateListing", () => {
  it("reads owners, notes and the prontuário", async () => {
    const listing = await getPrivateListing("T-1", client({}));
    expect(listing?.data.owners).toEqual([{ name: "Silvia Teixeira", phone: "11967232640" }]);
    expect(listing?.data.notes).toBe("Chaves na portaria.");
    expect(listing?.history.map((entry) => entry.subject)).toEqual(["Contato com proprietário"]);
    expect(listing?.unavailable).toEqual([]);
  });

  it("a key without the owners sub-table or the prontuário still shows the notes", async () => {
    const listing = await getPrivateListing("T-2", client({ ownersRefused: true, historyRefused: true }));
    expect(listing?.data.notes).toBe("Chaves na portaria.");
    expect(listing?.data.owners).toEqual([]);
    expect([...listing!.unavailable].sort()).toEqual(["history", "owners"]);
  });

  it("an unknown code gives null; an outage throws", async () => {
    expect(await getPrivateListing("T-3", client({ missing: true }))).toBeNull();
    await expect(getPrivateListing("T-4", client({ down: true }))).rejects.toBeInstanceOf(VistaServerError);
  });
});
