import { describe, expect, it } from "vitest";
import { errorScreenTexts, pageNotFound, pageNotFoundMessage } from "./errors";

describe("pageNotFound", () => {
  it("is a 404 whose body and status text are 'Page Not Found: {path}'", async () => {
    const response = pageNotFound("/nao/existe");
    expect(response.status).toBe(404);
    expect(response.statusText).toBe("Page Not Found: /nao/existe");
    expect(await response.text()).toBe("Page Not Found: /nao/existe");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("keeps the full path in the body but makes the status text header-safe and short", async () => {
    const odd = `/a\u00e7\u00e3o/${"x".repeat(500)}\u0007`;
    const response = pageNotFound(odd);
    expect(await response.text()).toBe(pageNotFoundMessage(odd));
    expect(response.statusText).toMatch(/^[\x20-\x7e]+$/);
    expect(response.statusText.length).toBeLessThanOrEqual(200);
    expect(response.statusText.startsWith("Page Not Found: /a??o/")).toBe(true);
  });
});

describe("errorScreenTexts", () => {
  it("uses the spec's 404 texts", () => {
    expect(errorScreenTexts(404)).toEqual({
      title: "Página não encontrada",
      description: "Desculpe, não encontramos a página que você está procurando.",
    });
  });

  it.each([400, 403, 410, 500, 503])("uses the generic texts for %i", (status) => {
    expect(errorScreenTexts(status)).toEqual({
      title: "Ops! Ocorreu um erro",
      description: "Desculpe, no momento a página que está tentando acessar está indisponível",
    });
  });
});
