/**
 * The filters form's shell (ADR 0037): the "Filtros" summary with its badge,
 * and on phones with JavaScript the full-screen sheet around the form (a
 * modal dialog: focus kept inside, Esc or "Fechar" close it, the page behind
 * does not scroll) with its live count and its sticky footer ("Limpar",
 * "Ver N imóveis"). Wide screens show the same form as an open sidebar.
 */
import { Link } from "@remix-run/react";
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  type SetStateAction,
} from "react";
import { LIVE_COUNT_PATH } from "~/lib/paths";
import { button, visuallyHidden } from "~/styles/ui.css";
import { CloseIcon, FilterIcon } from "../icons";
import { formParams } from "./form-state";
import { applyLabel } from "./summaries";
import * as s from "../filters-form.css";

/** Wide screens: the open sidebar (the CSS uses the same breakpoint). */
export const WIDE_QUERY = "(min-width: 960px)";

/** ms after the last change before the sheet counts again. */
const COUNT_DEBOUNCE_MS = 300;

/** Elements the Tab key reaches inside `root`, in order (hidden ones left out). */
function focusables(root: HTMLElement): HTMLElement[] {
  const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, summary';
  return [...root.querySelectorAll<HTMLElement>(selector)].filter((el) => el.getClientRects().length > 0);
}

/** Keeps Tab and Shift+Tab inside `root` (the open sheet): from the last element to the first and back. */
export function keepTabInside(event: KeyboardEvent<HTMLElement>, root: HTMLElement | null): void {
  if (event.key !== "Tab" || !root) return;
  const items = focusables(root);
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The sheet's "Ver N imóveis" count and how to ask for it again, as a tuple
 * (like `useState`'s): the listings the form's fields would give (null while
 * unknown, or when counting failed), its setter, `count(form)` (counts the
 * form's fields again through `/busca/contagem`, debounced; nothing unless
 * `live`) and `cancel()` (drops a pending or running count).
 */
export type LiveCount = readonly [
  liveCount: number | null,
  setLiveCount: Dispatch<SetStateAction<number | null>>,
  count: (form: HTMLFormElement) => void,
  cancel: () => void,
];

/**
 * The live count of the sheet: `live` when the page's list is the one
 * `/busca/contagem` counts; starts at `total` (the page's own count) when given.
 */
export function useLiveCount(live: boolean, total: number | undefined, path: string = LIVE_COUNT_PATH): LiveCount {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inflight = useRef<AbortController | null>(null);
  const [liveCount, setLiveCount] = useState<number | null>(total ?? null);

  const count = useCallback(
    (form: HTMLFormElement) => {
      clearTimeout(timer.current);
      if (!live) return;
      timer.current = setTimeout(() => {
        inflight.current?.abort();
        const controller = new AbortController();
        inflight.current = controller;
        fetch(`${path}${path.includes("?") ? "&" : "?"}${formParams(form).toString()}`, { signal: controller.signal })
          .then((response) => (response.ok ? (response.json() as Promise<{ count: number | null }>) : null))
          .then((body) => {
            if (!controller.signal.aborted) setLiveCount(body?.count ?? null);
          })
          .catch(() => {
            // Aborted by a newer change, or offline: the button keeps "Ver imóveis".
            if (!controller.signal.aborted) setLiveCount(null);
          });
      }, COUNT_DEBOUNCE_MS);
    },
    [live, path],
  );

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    inflight.current?.abort();
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return [liveCount, setLiveCount, count, cancel];
}

/**
 * While the sheet is `open`: the page behind does not scroll, Esc closes it,
 * focus starts on "Fechar" (`closeRef`), and a screen that becomes wide closes it.
 */
export function useSheetDialog(open: boolean, closeRef: RefObject<HTMLButtonElement>, onClose: () => void): void {
  useEffect(() => {
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    closeRef.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    const wide = window.matchMedia(WIDE_QUERY);
    const onWide = () => wide.matches && onClose();
    document.addEventListener("keydown", onKey);
    wide.addEventListener("change", onWide);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", onKey);
      wide.removeEventListener("change", onWide);
    };
  }, [open, closeRef, onClose]);
}

/** The "Filtros" summary: on phones the button, with the number of filters set (`active`). */
export function FiltersSummary({
  active,
  onClick,
}: {
  active: number;
  onClick: (event: MouseEvent<HTMLElement>) => void;
}) {
  return (
    <summary className={s.summary} onClick={onClick}>
      <span className={s.summaryLabel}>
        <FilterIcon size={20} />
        Filtros
      </span>
      {active > 0 ? (
        <span className={s.countBadge}>
          {active}
          <span className={visuallyHidden}>{active === 1 ? " filtro aplicado" : " filtros aplicados"}</span>
        </span>
      ) : null}
    </summary>
  );
}

/** The heading "Filtrar imóveis" (`headingId` names the dialog) and, in the open sheet, "Fechar". */
export function SheetHeader(props: {
  headingId: string;
  open: boolean;
  closeRef: RefObject<HTMLButtonElement>;
  onClose: () => void;
}) {
  const { headingId, open, closeRef, onClose } = props;
  return (
    <div className={s.sheetHeader}>
      <h2 className={s.heading} id={headingId}>
        Filtrar imóveis
      </h2>
      {open ? (
        <button type="button" ref={closeRef} className={s.close} onClick={onClose} aria-label="Fechar filtros">
          <CloseIcon size={22} />
        </button>
      ) : null}
    </div>
  );
}

/**
 * The form's buttons: in the open sheet (`open`) a sticky footer with
 * "Limpar" and "Ver N imóveis" (N announced politely when `live`); in the
 * sidebar "Ver imóveis" and, with filters set (`active`), "Limpar filtros"
 * (a link to `action`).
 */
export function SheetActions(props: {
  open: boolean;
  live: boolean;
  liveCount: number | null;
  active: number;
  action: string;
  onClear: (form: HTMLFormElement) => void;
}) {
  const { open, live, liveCount, active, action, onClear } = props;
  return (
    <div className={open ? `${s.actions} ${s.sheetFooter}` : s.actions}>
      {open ? (
        <button
          type="button"
          className={`${button.outline} ${s.clearButton}`}
          onClick={(event) => event.currentTarget.form && onClear(event.currentTarget.form)}
        >
          Limpar
        </button>
      ) : null}
      <button type="submit" className={`${button.dark} ${open ? s.applyButton : ""}`}>
        {open && live ? applyLabel(liveCount) : "Ver imóveis"}
      </button>
      {open ? (
        <span className={visuallyHidden} aria-live="polite">
          {liveCount != null ? applyLabel(liveCount) : ""}
        </span>
      ) : active > 0 ? (
        <Link to={action} className={s.clear}>
          Limpar filtros
        </Link>
      ) : null}
    </div>
  );
}
