// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, useNavigate } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  anchorCorrection,
  findScrollAnchor,
  layoutBox,
  SCROLL_ANCHOR_STORAGE_KEY,
  SCROLL_SETTLE_MS,
  ScrollAnchorRestoration,
  scrollsWithPage,
} from "./scroll-anchor";

/** Gives `element` a laid-out box: `top` px below its offset parent (none: the document), `height` px tall. */
function lay(element: HTMLElement, top: number, height: number, parent: HTMLElement | null = null, border = 0) {
  Object.defineProperty(element, "offsetTop", { configurable: true, get: () => top });
  Object.defineProperty(element, "offsetHeight", { configurable: true, get: () => height });
  Object.defineProperty(element, "offsetParent", { configurable: true, get: () => parent });
  Object.defineProperty(element, "clientTop", { configurable: true, get: () => border });
}

/** A list of card links laid out at `tops` (px from the document's top), each `height` px tall. */
function cards(tops: number[], height = 300): HTMLElement {
  const list = document.createElement("ul");
  tops.forEach((top, i) => {
    const link = document.createElement("a");
    link.setAttribute("data-listing-code", `AP1000${i}`);
    lay(link, top, height);
    list.append(link);
  });
  document.body.append(list);
  return list;
}

let scrollY = 0;
beforeEach(() => {
  scrollY = 0;
  Object.defineProperty(window, "scrollY", { configurable: true, get: () => scrollY });
});
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe("layoutBox", () => {
  it("adds the offsets up to the document, with the parents' borders, less the scroll", () => {
    const frame = document.createElement("div");
    const card = document.createElement("a");
    lay(frame, 1200, 400, null, 1);
    lay(card, 10, 380, frame);
    scrollY = 1000;
    expect(layoutBox(card)).toEqual({ top: 211, bottom: 591 });
  });

  it("ignores a transform: a card lifted on hover is measured where it is laid out", () => {
    const [card] = cards([500]).children as unknown as HTMLElement[];
    card!.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 498, width: 360, height: 300 });
    expect(layoutBox(card!).top).toBe(500);
  });
});

describe("findScrollAnchor", () => {
  it("takes the first card whose top is on screen, with its distance from the top", () => {
    scrollY = 2000;
    const list = cards([1300, 1650, 1960, 2270, 2580]);
    expect(findScrollAnchor(list, 800)).toEqual({ code: "AP10003", top: 270 });
  });

  it("takes a card taller than the screen that fills it", () => {
    const list = cards([-2000, -100], 1500);
    expect(findScrollAnchor(list, 800)).toEqual({ code: "AP10001", top: -100 });
  });

  it("skips cards with no box (hidden) and finds none above or below every card", () => {
    expect(findScrollAnchor(cards([100], 0), 800)).toBeNull();
    expect(findScrollAnchor(cards([-900, -600]), 800)).toBeNull();
    expect(findScrollAnchor(cards([820, 1200]), 800)).toBeNull();
  });
});

describe("scrollsWithPage", () => {
  /** A card inside a box with `overflowY`, whose content is `content` px tall in `height` px. */
  function cardIn(overflowY: string, content: number, height: number): HTMLElement {
    const box = document.createElement("div");
    box.style.overflowY = overflowY;
    Object.defineProperty(box, "scrollHeight", { configurable: true, get: () => content });
    Object.defineProperty(box, "clientHeight", { configurable: true, get: () => height });
    const card = document.createElement("a");
    card.setAttribute("data-listing-code", "AP20000");
    lay(card, 100, 300);
    box.append(card);
    document.body.append(box);
    return card;
  }

  it("leaves out cards in a box that scrolls by itself, and their page gets no anchor from them", () => {
    const card = cardIn("auto", 3000, 600);
    expect(scrollsWithPage(card)).toBe(false);
    expect(findScrollAnchor(document, 800)).toBeNull();
    expect(anchorCorrection(document, { code: "AP20000", top: 50 })).toBeNull();
  });

  it("keeps cards in a box that does not scroll up and down (a row that scrolls sideways)", () => {
    expect(scrollsWithPage(cardIn("auto", 400, 400))).toBe(true);
    expect(scrollsWithPage(cardIn("visible", 3000, 600))).toBe(true);
  });
});

describe("anchorCorrection", () => {
  it("says how far to scroll for the card to stand where it stood", () => {
    const list = cards([-700, -350, 185, 480]);
    expect(anchorCorrection(list, { code: "AP10002", top: -40 })).toBe(225);
    expect(anchorCorrection(list, { code: "AP10003", top: 567 })).toBe(-87);
  });

  it("leaves sub-pixel differences alone and gives up when the card is gone", () => {
    const list = cards([120]);
    expect(anchorCorrection(list, { code: "AP10000", top: 120.4 })).toBe(0);
    expect(anchorCorrection(list, { code: "AP99999", top: 120 })).toBeNull();
  });
});

describe("ScrollAnchorRestoration", () => {
  /** Where the list's cards are laid out (px from the document's top) when it renders. */
  let tops: number[] = [];

  /**
   * A card list at "/" (each card a link, as Remix's `<Link>`, to "/imovel"), the component in the layout;
   * the first entry has a key of its own, as Remix gives every document's (`keyed: false`: React Router's
   * "default", that of an entry without history state).
   */
  function renderSite({ keyed = true } = {}) {
    function List() {
      const navigate = useNavigate();
      return (
        <ul>
          {tops.map((top, i) => (
            <li key={i}>
              <a
                href="/imovel"
                data-listing-code={`AP3000${i}`}
                ref={(element) => element && lay(element, top, 300)}
                onClick={(event) => {
                  event.preventDefault();
                  navigate("/imovel");
                }}
              >
                Cartão {i}
              </a>
            </li>
          ))}
        </ul>
      );
    }
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <>
              <Outlet />
              <ScrollAnchorRestoration />
            </>
          ),
          children: [
            { index: true, element: <List /> },
            { path: "imovel", element: <p>Imóvel</p> },
          ],
        },
      ],
      { initialEntries: [keyed ? { pathname: "/", key: `visita-${Math.random().toString(36).slice(2)}` } : "/"] },
    );
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
    return router;
  }

  beforeEach(() => {
    sessionStorage.clear();
    Object.defineProperty(window, "innerHeight", { configurable: true, get: () => 800 });
    vi.spyOn(window, "scrollBy").mockImplementation(((_x: number, y: number) => {
      scrollY += y;
    }) as typeof window.scrollBy);
  });
  afterEach(() => vi.restoreAllMocks());

  it("keeps the card on screen when a click starts a navigation, before the router renders anything", () => {
    tops = [700, 1200, 1500];
    scrollY = 1000;
    const router = renderSite();
    const listKey = router.state.location.key;

    // The capture phase runs before the link's own handler; a navigation without loaders never shows "loading".
    fireEvent.click(screen.getByText("Cartão 1"));

    expect(router.state.location.pathname).toBe("/imovel");
    expect(JSON.parse(sessionStorage.getItem(SCROLL_ANCHOR_STORAGE_KEY) ?? "[]")).toEqual([
      [listKey, { code: "AP30001", top: 200 }],
    ]);
  });

  it("puts that card back where it stood on the way back, though the cards above it now measure otherwise", async () => {
    tops = [700, 1200, 1500];
    scrollY = 1000;
    const router = renderSite();
    fireEvent.click(screen.getByText("Cartão 1"));

    // Back: the offset restored alone (1000) would show the card 200 px higher, the cards above being shorter now.
    tops = [500, 1000, 1300];
    await act(() => router.navigate(-1));

    expect(screen.getByText("Cartão 1")).toBeTruthy();
    expect(scrollY).toBe(800);
    expect(layoutBox(screen.getByText("Cartão 1")).top).toBe(200);
  });

  it("keeps the card on screen once the scrolling settles, for a navigation started by code", async () => {
    tops = [700, 1200, 1500];
    scrollY = 1000;
    const router = renderSite();
    fireEvent.click(screen.getByText("Cartão 1"));
    await act(() => router.navigate(-1));
    expect(scrollY).toBe(1000);

    // The visitor reads on (the card 2 now at 100 px), then a filter changed by key navigates: no click.
    window.dispatchEvent(new Event("wheel"));
    scrollY = 1400;
    window.dispatchEvent(new Event("scroll"));
    await new Promise((resolve) => setTimeout(resolve, SCROLL_SETTLE_MS + 50));
    await act(() => router.navigate("/imovel"));
    tops = [600, 1100, 1400];
    await act(() => router.navigate(-1));

    expect(layoutBox(screen.getByText("Cartão 2")).top).toBe(100);
    expect(scrollY).toBe(1300);
  });

  it("keeps nothing for an entry without a key of its own, which other documents would share", async () => {
    tops = [700, 1200, 1500];
    scrollY = 1000;
    const router = renderSite({ keyed: false });
    expect(router.state.location.key).toBe("default");
    fireEvent.click(screen.getByText("Cartão 1"));
    tops = [500, 1000, 1300];
    await act(() => router.navigate(-1));

    expect(sessionStorage.getItem(SCROLL_ANCHOR_STORAGE_KEY)).toBeNull();
    expect(window.scrollBy).not.toHaveBeenCalled();
  });

  it("leaves a new visit to the list alone: only a return is anchored", async () => {
    tops = [700, 1200, 1500];
    scrollY = 1000;
    const router = renderSite();
    fireEvent.click(screen.getByText("Cartão 1"));

    await act(() => router.navigate("/"));

    expect(router.state.historyAction).toBe("PUSH");
    expect(window.scrollBy).not.toHaveBeenCalled();
  });
});
