// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NextTask, useNextTask } from "./next-task";

afterEach(cleanup);

/** Resolves after the macrotasks already queued (a `setTimeout(0)` queued before it) have run. */
const nextMacrotask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe("NextTask", () => {
  it("renders nothing in the render that mounts it, and its children one task later", async () => {
    render(
      <NextTask>
        <p>Ladrilhos</p>
      </NextTask>,
    );
    // Effects have run (render() flushes them), but the children wait for the next task.
    expect(screen.queryByText("Ladrilhos")).toBeNull();
    await nextMacrotask();
    expect(screen.getByText("Ladrilhos")).toBeTruthy();
  });

  it("mounts its children in a later task than the one its parent's effects ran in", async () => {
    const order: string[] = [];
    function Child() {
      useEffect(() => void order.push("child mounted"), []);
      return null;
    }
    function Parent() {
      useEffect(() => {
        order.push("parent mounted");
        queueMicrotask(() => order.push("parent's microtasks done"));
      }, []);
      return (
        <NextTask>
          <Child />
        </NextTask>
      );
    }
    render(<Parent />);
    await nextMacrotask();
    expect(order).toEqual(["parent mounted", "parent's microtasks done", "child mounted"]);
  });

  it("never renders its children when it is unmounted before the next task", async () => {
    const mounted = vi.fn();
    function Child() {
      useEffect(mounted, []);
      return null;
    }
    const { unmount } = render(
      <NextTask>
        <Child />
      </NextTask>,
    );
    unmount();
    await nextMacrotask();
    expect(mounted).not.toHaveBeenCalled();
  });
});

describe("useNextTask", () => {
  it("is false on the first render and true from the render one task later", async () => {
    const seen: boolean[] = [];
    function Probe() {
      const ready = useNextTask();
      seen.push(ready);
      return <p>{ready ? "pronto" : "montando"}</p>;
    }
    render(<Probe />);
    expect(screen.getByText("montando")).toBeTruthy();
    await nextMacrotask();
    expect(screen.getByText("pronto")).toBeTruthy();
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });
});
