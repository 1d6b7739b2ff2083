/**
 * Toast notification state (docs/spec.txt §3 "Notification": show, duration, type,
 * title, description; §4 notify/close and self-closing; §9 default duration
 * 3000 ms). Framework-free so it runs the same on the server, in the browser
 * and in unit tests; `app/components/toast.tsx` binds it to React.
 */

/** The four toast types, each with its own icon (docs/spec.txt §4). */
export const TOAST_TYPES = ["success", "error", "warning", "info"] as const;

/** One of {@link TOAST_TYPES}. */
export type ToastType = (typeof TOAST_TYPES)[number];

/** Default time a toast stays on screen, ms (docs/spec.txt §9). */
export const TOAST_DEFAULT_DURATION = 3000;

/** What `notify()` takes; `description` defaults to "" and `duration` to 3000 ms. */
export interface ToastInput {
  type: ToastType;
  title: string;
  description?: string;
  /** ms on screen before it closes itself; `Infinity` keeps it until closed. */
  duration?: number;
}

/** A toast carried in a flash cookie: a {@link ToastInput} with a unique id, so two equal messages in a row both show. */
export interface FlashToast extends ToastInput {
  id: string;
}

/** The notification state (docs/spec.txt §3). `id` increases with every `notify`. */
export interface ToastState {
  show: boolean;
  id: number;
  type: ToastType;
  title: string;
  description: string;
  duration: number;
}

/** The hidden, cleared state that `close` returns to. */
export const closedToast: ToastState = Object.freeze({
  show: false,
  id: 0,
  type: "info",
  title: "",
  description: "",
  duration: TOAST_DEFAULT_DURATION,
});

/** Actions of {@link toastReducer}. */
export type ToastAction = { type: "notify"; toast: ToastInput } | { type: "close" };

/**
 * Pure state transition: `notify` sets type, title, description (default "")
 * and duration (default 3000 ms) and shows the toast; `close` hides it and
 * clears the fields, keeping the id counter (docs/spec.txt §4 "Notification").
 */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "notify": {
      const { type, title, description = "", duration = TOAST_DEFAULT_DURATION } = action.toast;
      return {
        show: true,
        id: state.id + 1,
        type,
        title,
        description,
        duration: duration > 0 ? duration : TOAST_DEFAULT_DURATION,
      };
    }
    case "close":
      return state.show ? { ...closedToast, id: state.id } : state;
  }
}

/** Timer functions, injectable for tests (vitest fake timers work with the defaults too). */
export interface ToastTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

const defaultTimers: ToastTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * The toast area's store: holds one {@link ToastState} and closes it after its
 * duration. Subscribe with `useSyncExternalStore(store.subscribe, store.getSnapshot)`.
 * The timer only starts once {@link ToastStore.start} is called (after
 * hydration), so a toast rendered by the server stays until the page is live.
 * `pause`/`resume` stop the clock while the pointer or focus is on the toast
 * (WCAG 2.2.1), keeping the remaining time.
 */
export class ToastStore {
  #state: ToastState;
  #listeners = new Set<() => void>();
  #timers: ToastTimers;
  #handle: unknown = null;
  #deadline = 0;
  #remaining: number | null = null;
  #started = false;

  /** @param initial a toast to show from the start (e.g. a server flash), or null. */
  constructor(initial: ToastInput | null = null, timers: ToastTimers = defaultTimers) {
    this.#timers = timers;
    this.#state = initial ? toastReducer(closedToast, { type: "notify", toast: initial }) : closedToast;
  }

  /** Current state (stable object until the next change). */
  getSnapshot = (): ToastState => this.#state;

  /** Registers a change listener; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Shows a toast, replacing any visible one, and (once started) schedules its closing. */
  notify = (toast: ToastInput): void => {
    this.#cancel();
    this.#set(toastReducer(this.#state, { type: "notify", toast }));
    this.#remaining = this.#state.duration;
    if (this.#started) this.#schedule();
  };

  /** Hides the toast and clears its fields. */
  close = (): void => {
    this.#cancel();
    this.#remaining = null;
    this.#set(toastReducer(this.#state, { type: "close" }));
  };

  /** Starts the clock (call once the page is interactive); idempotent. */
  start = (): void => {
    if (this.#started) return;
    this.#started = true;
    if (this.#state.show) {
      this.#remaining ??= this.#state.duration;
      this.#schedule();
    }
  };

  /** Stops the clock, keeping the remaining time (pointer or focus on the toast). */
  pause = (): void => {
    if (this.#handle === null) return;
    this.#remaining = Math.max(0, this.#deadline - this.#timers.now());
    this.#cancel();
  };

  /** Restarts the clock with the remaining time after {@link ToastStore.pause}. */
  resume = (): void => {
    if (!this.#started || !this.#state.show || this.#handle !== null) return;
    this.#schedule();
  };

  /** Stops the clock until the next {@link ToastStore.start} (provider unmount), keeping the remaining time. */
  dispose = (): void => {
    this.pause();
    this.#started = false;
  };

  #schedule(): void {
    const ms = this.#remaining ?? this.#state.duration;
    if (!Number.isFinite(ms)) return;
    this.#deadline = this.#timers.now() + ms;
    this.#handle = this.#timers.setTimeout(() => {
      this.#handle = null;
      this.close();
    }, ms);
  }

  #cancel(): void {
    if (this.#handle !== null) this.#timers.clearTimeout(this.#handle);
    this.#handle = null;
  }

  #set(next: ToastState): void {
    if (next === this.#state) return;
    this.#state = next;
    for (const listener of this.#listeners) listener();
  }
}
