import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closedToast, TOAST_DEFAULT_DURATION, ToastStore, toastReducer } from "./toast";

/** Checks that `store` still shows its toast `ms` - 1 milliseconds from now and hides it at `ms`. */
function expectClosesAfter(store: ToastStore, ms: number) {
  vi.advanceTimersByTime(ms - 1);
  expect(store.getSnapshot().show).toBe(true);
  vi.advanceTimersByTime(1);
  expect(store.getSnapshot().show).toBe(false);
}

describe("toastReducer", () => {
  it("notify shows the toast with the defaults of docs/spec.txt §4 (description '', 3000 ms)", () => {
    const state = toastReducer(closedToast, { type: "notify", toast: { type: "success", title: "Salvo" } });
    expect(state).toEqual({
      show: true,
      id: 1,
      type: "success",
      title: "Salvo",
      description: "",
      duration: 3000,
    });
    expect(TOAST_DEFAULT_DURATION).toBe(3000);
  });

  it("notify keeps the given description and duration and bumps the id", () => {
    const first = toastReducer(closedToast, { type: "notify", toast: { type: "info", title: "A" } });
    const second = toastReducer(first, {
      type: "notify",
      toast: { type: "error", title: "B", description: "Detalhe", duration: 5000 },
    });
    expect(second).toMatchObject({
      show: true,
      id: 2,
      type: "error",
      title: "B",
      description: "Detalhe",
      duration: 5000,
    });
  });

  it("close hides the toast and clears its fields", () => {
    const shown = toastReducer(closedToast, {
      type: "notify",
      toast: { type: "warning", title: "Atenção", description: "x", duration: 9000 },
    });
    const closed = toastReducer(shown, { type: "close" });
    expect(closed).toEqual({ ...closedToast, id: shown.id });
    expect(toastReducer(closed, { type: "close" })).toBe(closed);
  });
});

describe("ToastStore", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("closes itself after the default 3000 ms once started", () => {
    const store = new ToastStore();
    store.start();
    store.notify({ type: "success", title: "Enviado" });
    expect(store.getSnapshot().show).toBe(true);
    vi.advanceTimersByTime(2999);
    expect(store.getSnapshot().show).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toMatchObject({ show: false, title: "", description: "" });
  });

  it("honours a custom duration and restarts the clock when a new toast replaces the old one", () => {
    const store = new ToastStore();
    store.start();
    store.notify({ type: "info", title: "Primeiro", duration: 1000 });
    vi.advanceTimersByTime(800);
    store.notify({ type: "error", title: "Segundo", duration: 1000 });
    vi.advanceTimersByTime(800);
    expect(store.getSnapshot()).toMatchObject({ show: true, title: "Segundo" });
    vi.advanceTimersByTime(200);
    expect(store.getSnapshot().show).toBe(false);
  });

  it("keeps a server-rendered toast until started, then runs its full duration", () => {
    const store = new ToastStore({ type: "success", title: "Do servidor", duration: 2000 });
    expect(store.getSnapshot().show).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot()).toMatchObject({ show: true, title: "Do servidor" });
    store.start();
    expectClosesAfter(store, 2000);
  });

  it("pauses while hovered and resumes with the remaining time", () => {
    const store = new ToastStore();
    store.start();
    store.notify({ type: "warning", title: "Pausa" });
    vi.advanceTimersByTime(1000);
    store.pause();
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot().show).toBe(true);
    store.resume();
    expectClosesAfter(store, 2000);
  });

  it("close cancels the timer and notifies subscribers once per change", () => {
    const store = new ToastStore();
    store.start();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.notify({ type: "info", title: "Oi" });
    store.close();
    store.close();
    expect(listener).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.notify({ type: "info", title: "Outra" });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("a toast with an infinite duration stays until closed", () => {
    const store = new ToastStore();
    store.start();
    store.notify({ type: "error", title: "Fixo", duration: Number.POSITIVE_INFINITY });
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(store.getSnapshot().show).toBe(true);
    store.close();
    expect(store.getSnapshot().show).toBe(false);
  });
});
