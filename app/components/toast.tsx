/**
 * The toast notification area (docs/spec.txt §2 "Toast notification area: visible on
 * all pages; the close button is labelled 'Fechar'"; §3–§4 Notification;
 * §9 default duration 3000 ms). `ToastProvider` wraps the whole document in
 * `app/root.tsx` and renders the `aria-live` region on every page; components
 * call `useToast().notify(...)`. Server flash toasts (`app/.server/flash.ts`)
 * arrive through the root loader and show after the page loads.
 */
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { type FlashToast, type ToastInput, ToastStore, type ToastType } from "~/lib/toast";
import { visuallyHidden } from "~/styles/ui.css";
import { CloseIcon, ErrorIcon, type IconProps, InfoIcon, SuccessIcon, WarningIcon } from "./icons";
import * as styles from "./toast.css";

/** What {@link useToast} returns; both functions are stable across renders. */
export interface ToastApi {
  /**
   * Shows a toast, replacing a visible one: `type` success/error/warning/info,
   * `title`, optional `description` (default "") and `duration` in ms
   * (default 3000); it closes itself after `duration`.
   */
  notify: (toast: ToastInput) => void;
  /** Hides the toast and clears it. */
  close: () => void;
}

const ToastContext = createContext<ToastStore | null>(null);

/** Icon of each toast type (docs/spec.txt §4: types with icons). */
export const toastIcons: Record<ToastType, (props: IconProps) => JSX.Element> = {
  success: SuccessIcon,
  error: ErrorIcon,
  warning: WarningIcon,
  info: InfoIcon,
};

/** Accessible type names announced before the title. */
const typeLabels: Record<ToastType, string> = {
  success: "Sucesso",
  error: "Erro",
  warning: "Atenção",
  info: "Informação",
};

/** Props of {@link ToastProvider}. */
export interface ToastProviderProps {
  /** Flash toast from the root loader, or null; a new `id` shows a new toast. */
  flash?: FlashToast | null;
  children: ReactNode;
}

/**
 * Holds the toast state for the page and renders the toast area after its
 * children. A flash toast given on the first render is part of the server
 * HTML (visible without JavaScript); its timer starts after hydration.
 */
export function ToastProvider({ flash = null, children }: ToastProviderProps) {
  const [store] = useState(() => new ToastStore(flash));
  const shownFlash = useRef<string | null>(flash?.id ?? null);

  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);

  useEffect(() => {
    if (!flash || flash.id === shownFlash.current) return;
    shownFlash.current = flash.id;
    store.notify(flash);
  }, [flash, store]);

  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastArea store={store} />
    </ToastContext.Provider>
  );
}

/**
 * Access to the toast area: `const { notify, close } = useToast()`.
 * @throws {Error} outside a {@link ToastProvider} (every page has one in the root).
 */
export function useToast(): ToastApi {
  const store = useContext(ToastContext);
  if (!store) throw new Error("useToast must be used inside <ToastProvider>");
  return { notify: store.notify, close: store.close };
}

/** The live region and the visible toast. */
function ToastArea({ store }: { store: ToastStore }) {
  const toast = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const Icon = toastIcons[toast.type];
  return (
    <section aria-label="Notificações" aria-live="polite" aria-atomic="true" className={styles.region}>
      {toast.show ? (
        <div
          key={toast.id}
          className={`${styles.toast} ${styles.tone[toast.type]}`}
          data-toast-type={toast.type}
          onMouseEnter={store.pause}
          onMouseLeave={store.resume}
          onFocus={store.pause}
          onBlur={store.resume}
        >
          <span className={`${styles.iconBox} ${styles.icon[toast.type]}`}>
            <Icon size={22} />
          </span>
          <div className={styles.body}>
            <p className={styles.title}>
              <span className={visuallyHidden}>{typeLabels[toast.type]}: </span>
              {toast.title}
            </p>
            {toast.description ? <p className={styles.description}>{toast.description}</p> : null}
          </div>
          <button type="button" className={styles.close} onClick={store.close} title="Fechar">
            <CloseIcon size={18} />
            <span className={visuallyHidden}>Fechar</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
