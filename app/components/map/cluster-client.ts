/**
 * The main thread's side of the map's clustering (ADR 0050): one module
 * worker (`./cluster.worker.ts`) decodes the points of `/mapa/pontos` and
 * indexes them with supercluster, off the main thread (indexing the whole
 * catalogue is a long task, longer still on a mid-range phone; ADR 0050), and
 * answers each viewport's markers. The worker keeps the last loaded set only:
 * a {@link PointsIndex} of an earlier set answers with a rejection.
 */
import type { MarkerFeature, PointProps, PointsBounds } from "./cluster-index";

/** A message to the worker; `id` matches the answer to its request. */
export type ClusterRequest =
  | { id: number; type: "load"; body: ArrayBuffer }
  | { id: number; type: "markers"; generation: number; bbox: [number, number, number, number]; zoom: number }
  | { id: number; type: "leaves"; generation: number; clusterId: number; limit: number };

/** The worker's answer to the request with the same `id`. */
export type ClusterResponse =
  | { id: number; type: "loaded"; count: number; bounds: PointsBounds | null }
  | { id: number; type: "markers"; markers: MarkerFeature[] }
  | { id: number; type: "leaves"; leaves: PointProps[] }
  | { id: number; type: "error"; message: string };

type Pending = { resolve(response: ClusterResponse): void; reject(error: Error): void };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** Sends `request` (ids are filled in) to the shared worker, started on first use. */
function ask(request: ClusterRequest, transfer: Transferable[] = []): Promise<ClusterResponse> {
  if (!worker) {
    worker = new Worker(new URL("./cluster.worker.ts", import.meta.url), { type: "module", name: "mapa" });
    worker.onmessage = (event: MessageEvent<ClusterResponse>) => {
      const waiting = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (!waiting) return;
      if (event.data.type === "error") waiting.reject(new Error(event.data.message));
      else waiting.resolve(event.data);
    };
    // The worker's script could not be loaded or threw while starting: every request fails.
    worker.onerror = (event) => {
      event.preventDefault();
      for (const waiting of pending.values()) waiting.reject(new Error(event.message || "map worker failed"));
      pending.clear();
      worker?.terminate();
      worker = null;
    };
  }
  return new Promise((resolve, reject) => {
    pending.set(request.id, { resolve, reject });
    worker!.postMessage(request, transfer);
  });
}

/** One loaded set of points, indexed in the worker. */
export class PointsIndex {
  private constructor(
    private readonly generation: number,
    /** Number of points. */
    readonly count: number,
    /** The box around the points (`[south, west, north, east]`, degrees); null without points. */
    readonly bounds: PointsBounds | null,
  ) {}

  /**
   * Decodes and indexes the body of a `/mapa/pontos` answer (transferred: `body` is unusable after).
   * @throws (rejects) when the body is not a valid payload or the worker could not start.
   */
  static async load(body: ArrayBuffer): Promise<PointsIndex> {
    const id = nextId++;
    const answer = await ask({ id, type: "load", body }, [body]);
    if (answer.type !== "loaded") throw new Error(`unexpected answer ${answer.type}`);
    return new PointsIndex(id, answer.count, answer.bounds);
  }

  /**
   * The markers of a viewport (`bbox`: `[west, south, east, north]`, degrees; `zoom` an integer).
   * @throws (rejects) when a newer set of points has been loaded since.
   */
  async markers(bbox: [number, number, number, number], zoom: number): Promise<MarkerFeature[]> {
    const answer = await ask({ id: nextId++, type: "markers", generation: this.generation, bbox, zoom });
    if (answer.type !== "markers") throw new Error(`unexpected answer ${answer.type}`);
    return answer.markers;
  }

  /**
   * Up to `limit` listings of a cluster.
   * @throws (rejects) when a newer set of points has been loaded since.
   */
  async leaves(clusterId: number, limit: number): Promise<PointProps[]> {
    const answer = await ask({ id: nextId++, type: "leaves", generation: this.generation, clusterId, limit });
    if (answer.type !== "leaves") throw new Error(`unexpected answer ${answer.type}`);
    return answer.leaves;
  }
}
