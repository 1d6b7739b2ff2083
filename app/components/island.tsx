/**
 * Islands: parts of a page far below the first screen whose code is fetched,
 * and which React hydrates, only when the visitor comes near them
 * (docs/decisions/0051).
 *
 * The server renders an island's component as part of the page, inside a
 * `<Suspense>` boundary. In the browser the component is a `lazy()` one whose
 * code is requested once the island is within {@link ISLAND_MARGIN_PX} of the
 * viewport, or the visitor points at, touches or focuses it. Until then React
 * leaves the boundary's server HTML as it is (React 18's selective
 * hydration): it shows, and its links and forms work as they do without
 * JavaScript. Rendered after hydration (a client-side navigation), an island
 * loads at once; once an island of its kind has loaded its code, it renders in
 * the same commit as the page, so the page has its full height when the
 * router restores the scroll offset on the way back to it.
 *
 * React 18 puts a `<textarea>` back to its server text when it hydrates it;
 * an island keeps what was typed (or filled in by other code) before its code
 * arrived and gives it back, with an `input` event, once hydrated.
 */
import { useFetchers, useLocation, useNavigation } from "@remix-run/react";
import { type ComponentType, lazy, memo, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { RouterContextShield, useRouterContextValues } from "~/lib/framework-internals";
import * as s from "./island.css";
import { IslandHydrationContext, isHydrated } from "./use-hydrated";

/** How far (px) beyond the viewport an island starts loading: about a phone screen of scrolling ahead. */
export const ISLAND_MARGIN_PX = 800;

/** Attribute an island's wrapper carries once its component has hydrated (tests wait for it). */
export const ISLAND_HYDRATED_ATTRIBUTE = "data-island-hydrated";

/** Events on an island that mean the visitor is about to use it. */
const WAKE_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

/**
 * Makes the component `load` fetches an island.
 *
 * @param load fetches the component (a dynamic `import()` of its module), so
 *   that the browser build puts its code in a chunk of its own. The server
 *   calls it at once and renders the component as soon as it has arrived (a
 *   request during start-up streams it a moment later). In the browser a
 *   failed load is logged and leaves the server HTML in place. The island's
 *   module must import the component's stylesheets (`*.css`) itself: the
 *   document carries the stylesheets of the page's static imports only.
 * @param name the island's name, written as `data-island` on its wrapper.
 * @returns a component taking the loaded component's props, rendered in a
 *   wrapper with `display: contents`.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, name: string): ComponentType<P> {
  if (typeof document === "undefined") {
    let Loaded: ComponentType<P> | undefined;
    const ready = load().then((Component) => {
      Loaded = Component;
    });
    const Resolved = (props: P) => {
      if (!Loaded) throw ready; // Suspense: React streams the island once it has arrived.
      return <Loaded {...props} />;
    };
    return function ServerIsland(props: P) {
      return (
        <div className={s.island} data-island={name}>
          <Suspense fallback={null}>
            <Resolved {...props} />
          </Suspense>
        </div>
      );
    };
  }

  // The component once any island of this kind has loaded it: an island
  // rendered after that (a client-side navigation, the way back to a page)
  // renders at once, so the page has its full height when the router
  // restores the scroll offset.
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    load().then((Component) => {
      loaded = Component;
      return Component;
    });

  const BrowserIsland = (props: P) => {
    const wrapper = useRef<HTMLDivElement>(null);
    const [hydrated, setHydrated] = useState(false);
    const [{ Lazy, wake }] = useState(() => {
      const container = () => wrapper.current;
      const onMounted = () => setHydrated(true);
      if (loaded && isHydrated()) {
        return { Lazy: mountedComponent(loaded, container, onMounted), wake: () => undefined };
      }
      return deferredComponent(loadOnce, name, container, onMounted);
    });
    // New props (memo let them through): React can only apply them to the
    // server HTML once the code is here, and holds a transition until then.
    // A navigation or a fetcher: the island's content will see the router's
    // new state once it has hydrated (RouterContextShield). Either way, load now.
    const location = useLocation();
    const navigation = useNavigation();
    const fetchers = useFetchers();
    const routerState = `${location.key} ${navigation.state} ${fetchers.map((fetcher) => fetcher.state).join()}`;
    const first = useRef({ props, routerState });
    if (props !== first.current.props || routerState !== first.current.routerState) wake();

    useEffect(() => {
      const element = wrapper.current;
      if (!element || isHydrated() || typeof IntersectionObserver === "undefined") {
        wake();
        return;
      }
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && wake(), {
        rootMargin: `${ISLAND_MARGIN_PX}px 0px`,
      });
      for (const child of element.children) observer.observe(child);
      for (const type of WAKE_EVENTS) element.addEventListener(type, wake, { passive: true, once: true });
      return () => {
        observer.disconnect();
        for (const type of WAKE_EVENTS) element.removeEventListener(type, wake);
      };
    }, [wake]);

    // Until it has hydrated, the island's content sees the router as it was at its first render
    // (RouterContextShield; why: ~/lib/framework-internals). The same element while its props are
    // the same, so a render of this component for the router's sake does not reach the boundary either.
    const routerContext = useRouterContextValues();
    const [firstRouterContext] = useState(routerContext);
    const content = useMemo(
      () => (
        // A fallback shows when React gave up the server HTML (an update from above before the code came): load now.
        <Suspense fallback={<WakeOnMount wake={wake} />}>
          <Lazy {...props} />
        </Suspense>
      ),
      [props, Lazy, wake],
    );

    return (
      <div
        ref={wrapper}
        className={s.island}
        data-island={name}
        {...(hydrated ? { [ISLAND_HYDRATED_ATTRIBUTE]: "" } : {})}
      >
        <RouterContextShield value={hydrated ? routerContext : firstRouterContext}>{content}</RouterContextShield>
      </div>
    );
  };
  // A parent's render with equal props (the same data, even in new objects) leaves the server HTML alone.
  return memo(BrowserIsland, sameData) as unknown as ComponentType<P>;
}

/**
 * Whether two values hold the same data: equal primitives, the same function
 * or element, or plain objects and arrays whose entries hold the same data.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b) || !isPlainData(a) || !isPlainData(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.prototype.hasOwnProperty.call(b, key) &&
        sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** Whether `value` is an array or an object made by `{}` (not a React element, a Date, a class instance). */
function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && !("$$typeof" in value);
}

/** Calls `wake` once mounted; renders nothing. */
function WakeOnMount({ wake }: { wake: () => void }) {
  useEffect(wake, [wake]);
  return null;
}

/**
 * Whether `error` is React's report that a Suspense boundary was updated
 * before it hydrated and was rendered anew in the browser (React error 421).
 * For an island that is expected, not a fault: a client-side navigation or
 * a fetcher changes the router's context above it before its code came, and
 * the island then renders from its code (see {@link island}).
 */
export function isIslandUpdateBeforeHydration(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Minified React error #421\b|received an update before it finished hydrating/.test(message);
}

/**
 * A `lazy()` component whose module is requested only after `wake()`, and
 * which calls `onMounted` once it has hydrated or rendered. It keeps the
 * text of the textareas inside `container()` across hydration.
 */
function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  name: string,
  container: () => HTMLElement | null,
  onMounted: () => void,
): { Lazy: ComponentType<P>; wake: () => void } {
  let wake!: () => void;
  const woken = new Promise<void>((resolve) => (wake = resolve));
  const Lazy = lazy(() =>
    woken.then(load).then(
      (Component) => ({ default: mountedComponent(Component, container, onMounted, true) }),
      (error: unknown) => {
        console.error(`[ilha ${name}] o código não carregou`, error);
        // Never settles: the boundary keeps the server HTML, which works as without JavaScript.
        return new Promise<never>(() => undefined);
      },
    ),
  );
  return { Lazy: Lazy as unknown as ComponentType<P>, wake };
}

/**
 * `Component` calling `onMounted` once it has hydrated or rendered, and
 * keeping the text of the textareas inside `container()` across hydration.
 * `hydrating`: the component may be hydrating the island's server HTML after
 * the page, which `useHydrated` is told (`IslandHydrationContext`).
 */
function mountedComponent<P extends object>(
  Component: ComponentType<P>,
  container: () => HTMLElement | null,
  onMounted: () => void,
  hydrating = false,
): ComponentType<P> {
  return function Mounted(props: P) {
    // Read in the first render, before React hydrates (and resets) the textareas below.
    const typed = useRef<TypedText[] | null>(null);
    typed.current ??= typedTextareas(container());
    useEffect(() => {
      restoreTextareas(typed.current ?? []);
      onMounted();
    }, []);
    return hydrating ? (
      <IslandHydrationContext.Provider value={true}>
        <Component {...props} />
      </IslandHydrationContext.Provider>
    ) : (
      <Component {...props} />
    );
  };
}

/** A textarea and the text it held before hydration. */
type TypedText = { element: HTMLTextAreaElement; value: string };

/** The textareas under `root` whose text differs from the server's. */
function typedTextareas(root: HTMLElement | null): TypedText[] {
  if (!root) return [];
  return [...root.querySelectorAll("textarea")]
    .filter((element) => element.value !== element.defaultValue)
    .map((element) => ({ element, value: element.value }));
}

/** Gives each textarea its text back if hydration replaced it, telling listeners with an `input` event. */
function restoreTextareas(typed: TypedText[]): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  for (const { element, value } of typed) {
    if (!element.isConnected || element.value === value || !setValue) continue;
    setValue.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
