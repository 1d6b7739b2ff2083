import { describe, expect, it } from "vitest";
import { CLUSTER_MAX_ZOOM, clusterIndex, clusterLeaves, markersIn } from "./cluster-index";
import type { MapPoint } from "~/lib/map-data";

/** Two listings in one building, one 550 m away, one across town (Moema and Pinheiros, São Paulo). */
const points: MapPoint[] = [
  { code: "AP1", lat: -23.6, lng: -46.66, price: 900_000, purpose: "venda" },
  { code: "AP2", lat: -23.6, lng: -46.66, price: 4_500, purpose: "aluguel" },
  { code: "AP3", lat: -23.605, lng: -46.661, price: 750_000, purpose: "venda" },
  { code: "CA4", lat: -23.56, lng: -46.69, price: null, purpose: "venda" },
];
const saoPaulo: [number, number, number, number] = [-47, -24, -46, -23];

describe("markersIn", () => {
  const index = clusterIndex(points);

  it("clusters close points at a city zoom, with their count and the zoom where they split", () => {
    const markers = markersIn(index, saoPaulo, 10);
    const total = markers.reduce((sum, marker) => sum + (marker.kind === "cluster" ? marker.count : 1), 0);
    expect(total).toBe(4);
    const cluster = markers.find((marker) => marker.kind === "cluster");
    expect(cluster).toMatchObject({ kind: "cluster", count: expect.any(Number) });
    expect(cluster!.kind === "cluster" && cluster!.expansionZoom).toBeGreaterThan(10);
  });

  it("shows single listings with their label's price and purpose at a street zoom; one spot stays a cluster", () => {
    const markers = markersIn(index, saoPaulo, CLUSTER_MAX_ZOOM);
    expect(markers).toContainEqual(expect.objectContaining({ kind: "point", code: "AP3" }));
    expect(markers).toContainEqual({
      kind: "point",
      code: "CA4",
      lat: -23.56,
      lng: -46.69,
      price: null,
      purpose: "venda",
    });
    const spot = markers.find((marker) => marker.kind === "cluster");
    expect(spot).toMatchObject({ count: 2, lat: expect.closeTo(-23.6, 4), lng: expect.closeTo(-46.66, 4) });
    // Points that share a spot never split: the bubble lists them instead.
    expect(spot!.kind === "cluster" && spot!.expansionZoom).toBeGreaterThan(CLUSTER_MAX_ZOOM);
    expect(clusterLeaves(index, spot!.kind === "cluster" ? spot!.id : -1, 50)).toEqual(
      expect.arrayContaining([
        { code: "AP1", price: 900_000, purpose: "venda" },
        { code: "AP2", price: 4_500, purpose: "aluguel" },
      ]),
    );
  });

  it("leaves out what lies outside the viewport", () => {
    const pinheirosOnly = markersIn(index, [-46.7, -23.57, -46.68, -23.55], CLUSTER_MAX_ZOOM);
    expect(pinheirosOnly).toEqual([expect.objectContaining({ kind: "point", code: "CA4" })]);
  });
});
