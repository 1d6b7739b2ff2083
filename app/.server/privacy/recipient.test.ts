import { describe, expect, it } from "vitest";
import { normaliseEmail } from "./recipient";

describe("the mailbox an address reaches (per-recipient caps)", () => {
  it("ignores case, surrounding spaces and a +tag", () => {
    expect(normaliseEmail(" Ana.Souza+Alerta1@Exemplo.COM.br ")).toBe("ana.souza@exemplo.com.br");
    expect(normaliseEmail("ana.souza+2@exemplo.com.br")).toBe(normaliseEmail("ANA.SOUZA@exemplo.com.br"));
    expect(normaliseEmail("ana+a+b@exemplo.com.br")).toBe("ana@exemplo.com.br");
  });

  it("drops the dots of a Gmail local part and treats googlemail.com as gmail.com", () => {
    expect(normaliseEmail("J.O.A.O+x@Gmail.com")).toBe("joao@gmail.com");
    expect(normaliseEmail("joao@googlemail.com")).toBe("joao@gmail.com");
    // Elsewhere a dot makes another mailbox.
    expect(normaliseEmail("j.oao@exemplo.com.br")).not.toBe(normaliseEmail("joao@exemplo.com.br"));
  });

  it("keeps different mailboxes apart", () => {
    expect(normaliseEmail("ana@exemplo.com.br")).not.toBe(normaliseEmail("ana@exemplo.com"));
    expect(normaliseEmail("ana@exemplo.com.br")).not.toBe(normaliseEmail("bia@exemplo.com.br"));
  });
});
