import { describe, expect, it } from "vitest";
import {
  availableReplyChannels,
  LOST_REASON_REQUIRED,
  leadPageActionSchema,
  panelLeadPath,
  relativeAge,
  replyMessage,
  replyUrl,
  type ReplyContext,
  statusesFor,
} from "./lead-workflow";

const NOW = new Date("2026-11-29T15:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe("relativeAge", () => {
  it.each([
    [0, "agora"],
    [59_000, "agora"],
    [-120_000, "agora"],
    [60_000, "há 1 min"],
    [12 * 60_000 + 30_000, "há 12 min"],
    [59 * 60_000, "há 59 min"],
    [3 * 3_600_000 + 59 * 60_000, "há 3 h"],
    [24 * 3_600_000, "há 1 dia"],
    [2 * 24 * 3_600_000 + 5_000, "há 2 dias"],
    [45 * 24 * 3_600_000, "há 45 dias"],
  ])("%i ms ago → %s", (ms, text) => {
    expect(relativeAge(ago(ms), NOW)).toBe(text);
  });

  it("an invalid time reads 'agora', never NaN", () => {
    expect(relativeAge("não é data", NOW)).toBe("agora");
  });
});

describe("the lead page's forms", () => {
  it("perdido needs a reason from the list, beside the reason field", () => {
    const missing = leadPageActionSchema.safeParse({ intent: "status", status: "perdido", lostReason: "" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues).toEqual([
      expect.objectContaining({ path: ["lostReason"], message: LOST_REASON_REQUIRED }),
    ]);
    const other = leadPageActionSchema.safeParse({ intent: "status", status: "perdido", lostReason: "Porque sim" });
    expect(other.error?.issues[0]).toMatchObject({ path: ["lostReason"], message: "Escolha um motivo da lista." });
    expect(
      leadPageActionSchema.parse({ intent: "status", status: "perdido", lostReason: "Fora do orçamento" }),
    ).toEqual({ intent: "status", status: "perdido", lostReason: "Fora do orçamento" });
  });

  it("another status needs no reason; an unknown status is refused", () => {
    expect(leadPageActionSchema.parse({ intent: "status", status: "proposta", lostReason: "" })).toEqual({
      intent: "status",
      status: "proposta",
    });
    expect(leadPageActionSchema.parse({ intent: "status", status: "concluido" })).toMatchObject({
      status: "concluido",
    });
    expect(leadPageActionSchema.safeParse({ intent: "status", status: "arquivado" }).error?.issues[0]?.message).toBe(
      "Escolha um status válido.",
    );
  });

  it("a note is 1 to 2000 characters, CRLF kept as one line break", () => {
    expect(leadPageActionSchema.safeParse({ intent: "note", note: "   " }).error?.issues[0]).toMatchObject({
      path: ["note"],
      message: "Escreva a anotação.",
    });
    expect(leadPageActionSchema.safeParse({ intent: "note", note: "x".repeat(2001) }).success).toBe(false);
    expect(leadPageActionSchema.parse({ intent: "note", note: ` ${"x".repeat(1998)}\r\ny ` })).toMatchObject({
      note: `${"x".repeat(1998)}\ny`,
    });
  });

  it("a reply names a known channel; a merge names a lead id", () => {
    expect(leadPageActionSchema.parse({ intent: "reply", channel: "whatsapp" })).toEqual({
      intent: "reply",
      channel: "whatsapp",
    });
    expect(leadPageActionSchema.safeParse({ intent: "reply", channel: "sms" }).success).toBe(false);
    expect(leadPageActionSchema.safeParse({ intent: "merge", into: "x" }).error?.issues[0]?.message).toBe(
      "Contato inválido.",
    );
  });

  it("an LGPD request has its own statuses", () => {
    expect(statusesFor("lgpd")).toEqual(["novo", "em_atendimento", "concluido"]);
    expect(statusesFor("info")).toContain("perdido");
    expect(statusesFor("info")).not.toContain("concluido");
  });

  it("the lead page path", () => {
    expect(panelLeadPath("0d3c6c0e-0000-4000-8000-000000000001")).toBe(
      "/painel/leads/0d3c6c0e-0000-4000-8000-000000000001",
    );
  });
});

describe("one-tap replies", () => {
  const context: ReplyContext = {
    lead: { kind: "info", name: "Maria Souza", phone: "11912345678", email: "maria@exemplo.com.br" },
    listing: { title: "Apartamento 3 quartos em Moema", code: "AP123" },
    brokerName: "Camila Andrade",
    agencyName: "Horizonte Imóveis",
  };

  it("WhatsApp: wa.me/55 + digits with a message naming the listing", () => {
    const url = replyUrl("whatsapp", context)!;
    expect(url.startsWith("https://wa.me/5511912345678?text=")).toBe(true);
    expect(decodeURIComponent(url.split("?text=")[1]!)).toBe(
      "Olá, Maria! Aqui é Camila, da Horizonte Imóveis. Vi seu interesse no imóvel Apartamento 3 quartos em Moema (código AP123). Posso ajudar com mais informações ou agendar uma visita?",
    );
  });

  it("e-mail: mailto with a subject naming the listing (spaces as %20, not +)", () => {
    const url = new URL(replyUrl("email", context)!);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("maria@exemplo.com.br");
    expect(url.search).not.toContain("+");
    expect(decodeURIComponent(url.searchParams.get("subject")!)).toBe(
      "Seu interesse no imóvel Apartamento 3 quartos em Moema (código AP123) · Horizonte Imóveis",
    );
    expect(url.searchParams.get("body")).toContain("Olá, Maria!");
  });

  it("phone: tel:+55…", () => {
    expect(replyUrl("phone", context)).toBe("tel:+5511912345678");
  });

  it("without a listing or names the message still reads well", () => {
    expect(
      replyMessage({ ...context, lead: { ...context.lead, name: null, kind: "sell" }, listing: null, brokerName: "" }),
    ).toBe("Olá! Aqui é da Horizonte Imóveis. Recebi seu pedido de avaliação do seu imóvel. Podemos conversar?");
  });

  it("no URL for a missing contact; the available channels follow", () => {
    const lead = { kind: "whatsapp" as const, name: null, phone: null, email: null };
    expect(replyUrl("whatsapp", { ...context, lead })).toBeNull();
    expect(replyUrl("email", { ...context, lead })).toBeNull();
    expect(replyUrl("phone", { ...context, lead })).toBeNull();
    expect(availableReplyChannels(lead)).toEqual([]);
    expect(availableReplyChannels(context.lead)).toEqual(["whatsapp", "email", "phone"]);
  });
});
