import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ANONYMISED, anonymiseLead, hasPersonalData } from "./anonymise";
import { privacyExportCsv, privacyExportJson } from "./export";
import { deadlineText, lgpdDeadline } from "./requests";
import { monthsBefore } from "./retention";
import type { PrivacySearchResult } from "./search";
import { parseSubject, subjectHash } from "./subject";

describe("parseSubject", () => {
  it("lower-cases and trims an e-mail", () => {
    expect(parseSubject("  Ana.Silva@Exemplo.COM.br ")).toEqual({ kind: "email", value: "ana.silva@exemplo.com.br" });
  });

  it("reads a Brazilian phone in any common format as E.164 with its stored digit forms", () => {
    for (const typed of ["(11) 91234-5678", "+55 11 91234-5678", "11912345678", "011 91234-5678"]) {
      expect(parseSubject(typed)).toEqual({
        kind: "phone",
        value: "+5511912345678",
        phoneDigits: ["11912345678", "5511912345678"],
      });
    }
  });

  it("keeps a foreign number's E.164 digits only", () => {
    expect(parseSubject("+351 912 345 678")).toMatchObject({ kind: "phone", phoneDigits: ["351912345678"] });
  });

  it("refuses what is neither", () => {
    for (const typed of ["", "   ", "ana@", "@x.com", "12345", "abc", "a".repeat(300) + "@x.com"]) {
      expect(parseSubject(typed)).toBeNull();
    }
  });

  it("hashes the normalised value with SHA-256, so two spellings give one hash", () => {
    const a = parseSubject("ANA@x.com.br")!;
    const b = parseSubject(" ana@x.com.br")!;
    expect(subjectHash(a)).toBe(subjectHash(b));
    expect(subjectHash(a)).toBe(createHash("sha256").update("ana@x.com.br").digest("hex"));
    expect(subjectHash(a)).not.toContain("ana");
  });
});

describe("anonymiseLead", () => {
  const lead = {
    name: "Ana Silva",
    email: "ana@x.com.br",
    phone: "11912345678",
    message: "Ligue para ana@x.com.br",
    location: null,
    pageUrl: "/detalhes/x/1?email=ana@x.com.br#top",
  };

  it("replaces every personal value, keeps absent ones absent and strips the page's query", () => {
    expect(anonymiseLead(lead)).toEqual({
      name: ANONYMISED,
      email: ANONYMISED,
      phone: ANONYMISED,
      message: ANONYMISED,
      location: null,
      pageUrl: "/detalhes/x/1",
    });
  });

  it("is idempotent and tells whether anything personal is left", () => {
    const once = anonymiseLead(lead);
    expect(anonymiseLead(once)).toEqual(once);
    expect(hasPersonalData(lead)).toBe(true);
    expect(hasPersonalData(once)).toBe(false);
  });
});

describe("lgpdDeadline", () => {
  it("is due 15 calendar days after the São Paulo date of receipt", () => {
    // 23:30 in São Paulo on 1 March is already 2 March in UTC: the São Paulo date counts.
    const received = new Date("2026-03-02T02:30:00Z");
    expect(lgpdDeadline(received, new Date("2026-03-02T12:00:00Z"))).toEqual({ dueDate: "2026-03-16", daysLeft: 14 });
    expect(lgpdDeadline(received, new Date("2026-03-16T12:00:00Z")).daysLeft).toBe(0);
    expect(lgpdDeadline(received, new Date("2026-03-20T12:00:00Z")).daysLeft).toBe(-4);
  });

  it("words the days left", () => {
    expect(deadlineText(0)).toBe("vence hoje");
    expect(deadlineText(1)).toBe("vence em 1 dia");
    expect(deadlineText(9)).toBe("vence em 9 dias");
    expect(deadlineText(-3)).toBe("atrasado há 3 dias");
  });
});

describe("monthsBefore", () => {
  it("goes back calendar months", () => {
    expect(monthsBefore(new Date("2026-05-15T10:00:00Z"), 24).toISOString()).toBe("2024-05-15T10:00:00.000Z");
  });
});

describe("exports", () => {
  const result: PrivacySearchResult = {
    subject: { kind: "email", value: "ana@x.com.br" },
    total: 1,
    groups: [
      {
        key: "leads",
        label: "Contatos (leads)",
        manageHref: null,
        records: [
          {
            source: "leads",
            id: "l1",
            date: "2026-01-02T03:04:05.000Z",
            fields: { name: "Ana; Silva", message: "=1+1", utm: { utm_source: "g" } },
            manageHref: null,
          },
        ],
      },
      { key: "users", label: "Usuários", manageHref: null, records: [] },
    ],
  };

  it("JSON carries every record with ISO dates and the counts per source", () => {
    const value = JSON.parse(privacyExportJson(result, new Date("2026-02-01T00:00:00Z")));
    expect(value.generatedAt).toBe("2026-02-01T00:00:00.000Z");
    expect(value.sources.leads.count).toBe(1);
    expect(value.sources.leads.records[0]).toEqual({
      id: "l1",
      date: "2026-01-02T03:04:05.000Z",
      fields: { name: "Ana; Silva", message: "=1+1", utm: { utm_source: "g" } },
    });
    expect(value.sources.users).toEqual({ label: "Usuários", count: 0, records: [] });
  });

  it("CSV has a BOM, `;`, one row per record, quoted fields and neutralised formulas", () => {
    const csv = privacyExportCsv(result);
    expect(csv.startsWith('\uFEFF"Origem";"ID";"Data";"Dados"\r\n')).toBe(true);
    const rows = csv.slice(1).trimEnd().split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toBe(
      `"Contatos (leads)";"l1";"2026-01-02T03:04:05.000Z";"name: Ana; Silva\nmessage: =1+1\nutm: {""utm_source"":""g""}"`,
    );
  });
});
