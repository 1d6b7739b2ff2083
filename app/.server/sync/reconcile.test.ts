import { describe, expect, it } from "vitest";
import { fullSyncReason, lastReconcileBoundary, takeoverReason, TAKEOVER_GRACE_MS, type SyncMarks } from "./reconcile";
import type { SyncStateRow } from "./state";

const at = (iso: string) => new Date(iso);
const noMarks: SyncMarks = { lastFullAt: null, fullRequestedAt: null, lastFetchedAt: null };
const state = (values: Partial<SyncStateRow>): SyncStateRow => ({
  job: "listings",
  watermark: "2026-11-20",
  lastStartedAt: null,
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  counts: null,
  sourceFingerprint: null,
  lastMode: "delta",
  ...values,
});

describe("lastReconcileBoundary", () => {
  it("is the latest 03:00 in São Paulo (06:00 UTC) at or before now", () => {
    expect(lastReconcileBoundary(at("2026-11-20T06:00:00Z"))).toEqual(at("2026-11-20T06:00:00Z"));
    expect(lastReconcileBoundary(at("2026-11-20T15:00:00Z"))).toEqual(at("2026-11-20T06:00:00Z"));
    expect(lastReconcileBoundary(at("2026-11-20T05:59:59Z"))).toEqual(at("2026-11-19T06:00:00Z"));
    // 01:00 in São Paulo is still the previous calendar day there.
    expect(lastReconcileBoundary(at("2026-11-21T04:00:00Z"))).toEqual(at("2026-11-20T06:00:00Z"));
    expect(lastReconcileBoundary(at("2026-11-20T15:00:00Z"), 22)).toEqual(at("2026-11-20T01:00:00Z"));
  });
});

describe("fullSyncReason", () => {
  const boundary = at("2026-11-20T06:00:00Z");
  it("is nightly when no full run started since the boundary, requested when an admin asked after the last one", () => {
    expect(fullSyncReason(noMarks, boundary)).toBe("nightly");
    expect(fullSyncReason(noMarks, null)).toBeNull();
    expect(fullSyncReason({ ...noMarks, lastFullAt: at("2026-11-20T06:00:05Z") }, boundary)).toBeNull();
    expect(fullSyncReason({ ...noMarks, lastFullAt: at("2026-11-19T06:01:00Z") }, boundary)).toBe("nightly");
    const asked = { ...noMarks, lastFullAt: at("2026-11-20T07:00:00Z"), fullRequestedAt: at("2026-11-20T08:00:00Z") };
    expect(fullSyncReason(asked, boundary)).toBe("requested");
    expect(fullSyncReason({ ...asked, lastFullAt: at("2026-11-20T08:00:01Z") }, boundary)).toBeNull();
  });
});

describe("takeoverReason", () => {
  const now = at("2026-11-20T12:00:00Z");
  const hour = 3_600_000;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("nothing to do while runs finish on time", () => {
    expect(takeoverReason(null, noMarks, now, hour)).toBeNull();
    expect(
      takeoverReason(state({ lastStartedAt: ago(hour), lastSuccessAt: ago(hour - 60_000) }), noMarks, now, hour),
    ).toBeNull();
    // A failing leader records its failures: followers do not pile on.
    expect(
      takeoverReason(state({ lastSuccessAt: ago(5 * hour), lastErrorAt: ago(60_000) }), noMarks, now, hour),
    ).toBeNull();
  });

  it("a run started after the last outcome is unfinished (the lock tells whether its leader lives)", () => {
    expect(takeoverReason(state({ lastStartedAt: ago(10_000), lastSuccessAt: ago(hour) }), noMarks, now, hour)).toBe(
      "unfinished",
    );
  });

  it("overdue past the interval and the grace; requested when an admin asked for a full run", () => {
    const finished = (ms: number) => state({ lastStartedAt: ago(ms + 1000), lastSuccessAt: ago(ms) });
    expect(takeoverReason(finished(hour + TAKEOVER_GRACE_MS), noMarks, now, hour)).toBeNull();
    expect(takeoverReason(finished(hour + TAKEOVER_GRACE_MS + 1), noMarks, now, hour)).toBe("overdue");
    expect(takeoverReason(finished(60_000), { ...noMarks, fullRequestedAt: ago(1000) }, now, hour)).toBe("requested");
  });
});
