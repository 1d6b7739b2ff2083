// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Photo } from "~/domain/listing";
import { Gallery } from "./gallery";

afterEach(cleanup);

const photos: Photo[] = Array.from({ length: 5 }, (_, i) => ({
  url: `https://cdn.vistahost.com.br/t/fotos/${i + 1}.jpg`,
  thumbnailUrl: "",
  isCover: i === 0,
  order: i + 1,
  description: i === 1 ? "Sala de estar" : "",
  kind: "Imagem",
}));

describe("the gallery's fullscreen viewer", () => {
  it("opens on the photo shown, moves with its arrows and keys, and the page follows on close", async () => {
    const { container, getByText, getByTestId } = render(<Gallery photos={photos} title="Casa" />);
    await act(async () => {});
    const dialog = container.querySelector("dialog")!;
    expect(dialog.textContent).toBe("");

    fireEvent.keyDown(container.querySelector('[role="region"]')!, { key: "ArrowRight" });
    await act(async () => {});
    expect(getByTestId("gallery-counter").textContent).toBe("2 / 5");

    fireEvent.click(getByText("Tela cheia"));
    await act(async () => {});
    expect(dialog.querySelector('[aria-live="polite"]')!.textContent).toBe("2 / 5");
    expect(dialog.textContent).toContain("Sala de estar");

    fireEvent.click(dialog.querySelector('button[aria-label="Próxima foto"]')!);
    fireEvent.keyDown(dialog, { key: "ArrowRight" });
    await act(async () => {});
    expect(dialog.querySelector('[aria-live="polite"]')!.textContent).toBe("4 / 5");

    fireEvent.click(getByText("Fechar"));
    dialog.dispatchEvent(new Event("close"));
    await act(async () => {});
    expect(dialog.textContent).toBe("");
    expect(getByTestId("gallery-counter").textContent).toBe("4 / 5");
  });
});
