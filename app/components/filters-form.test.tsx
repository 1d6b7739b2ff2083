// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { vocabularyOf } from "../../tests/mocks/vocabulary";

vi.mock("@remix-run/react", () => ({
  Form: (props: Record<string, unknown>) => <form {...props} />,
  Link: ({ to, ...rest }: { to: string }) => <a href={to} {...rest} />,
  useSubmit: () => () => undefined,
}));
const { FiltersForm } = await import("./filters-form");

const vocabulary = vocabularyOf(
  [["apartamento", "Apartamento", 3]],
  [
    [["sao-paulo", "São Paulo", 40], Array.from({ length: 20 }, (_, i) => [`bairro-${i}`, `Bairro ${i}`, i] as const)],
    [["rio-de-janeiro", "Rio de Janeiro", 4], [["copacabana", "Copacabana", 2]]],
  ],
);

/** Waits until `check` passes: the effects, the debounced count and its answer have run (a state, not a delay). */
const until = (check: () => void) => waitFor(check, { timeout: 5000 });

beforeEach(() => {
  // A phone: the "Filtros" summary opens the sheet.
  vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal("fetch", () => Promise.resolve({ ok: true, json: () => Promise.resolve({ count: 7 }) }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("FiltersForm on a phone", () => {
  it("opens the sheet with the live count, lists another city's neighbourhoods, clears and closes", async () => {
    const { container, getByRole, getByText, queryByRole } = render(
      <FiltersForm
        filters={{ city: "sao-paulo", neighbourhoods: ["bairro-1"], parkingMin: 2 }}
        vocabulary={vocabulary}
        total={3}
      />,
    );
    await until(() => expect(getByText("3").closest("summary")).not.toBeNull());
    expect(queryByRole("dialog")).toBeNull();

    fireEvent.click(container.querySelector("summary")!);
    await until(() => getByRole("dialog"));
    const dialog = getByRole("dialog");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(getByRole("button", { name: "Fechar filtros" })).toBeTruthy();
    expect(container.querySelectorAll('input[name="bairro"]')).toHaveLength(8);

    fireEvent.click(getByText("Ver todos os 20 bairros"));
    await until(() => expect(container.querySelectorAll('input[name="bairro"]')).toHaveLength(20));

    fireEvent.change(container.querySelector("select[name=cidade]")!, { target: { value: "rio-de-janeiro" } });
    await until(() => {
      expect(getByText("Copacabana")).toBeTruthy();
      expect(getByRole("button", { name: "Ver 7 imóveis" })).toBeTruthy();
    });

    fireEvent.click(getByRole("button", { name: "Limpar" }));
    await until(() => expect((container.querySelector("select[name=cidade]") as HTMLSelectElement).value).toBe(""));
    expect(container.querySelector('input[name="vagas"][value=""]')).toHaveProperty("checked", true);
    expect(getByText("Escolha uma cidade para ver os bairros.")).toBeTruthy();

    fireEvent.keyDown(document, { key: "Escape" });
    await until(() => expect(queryByRole("dialog")).toBeNull());
  });
});
