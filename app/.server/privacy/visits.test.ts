import { describe, expect, it } from "vitest";
import { ANONYMISED } from "./anonymise";
import { anonymiseVisit } from "./visits";

describe("anonymiseVisit", () => {
  it("replaces name and phone, blanks the e-mail and the comment", () => {
    expect(
      anonymiseVisit({
        visitorName: "Ana",
        visitorPhone: "11912345678",
        visitorEmail: "ana@exemplo.com.br",
        feedback: "Ótima visita",
      }),
    ).toEqual({ visitorName: ANONYMISED, visitorPhone: ANONYMISED, visitorEmail: "", feedback: "" });
  });

  it("keeps an absent value absent and is idempotent", () => {
    const once = anonymiseVisit({ visitorName: "Ana", visitorPhone: "", visitorEmail: "", feedback: "" });
    expect(once).toEqual({ visitorName: ANONYMISED, visitorPhone: "", visitorEmail: "", feedback: "" });
    expect(anonymiseVisit(once)).toEqual(once);
  });
});
