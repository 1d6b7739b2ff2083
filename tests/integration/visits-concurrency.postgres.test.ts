/**
 * A slot can never be booked twice (ADR 0088) on a real PostgreSQL (`TEST_DATABASE_URL`) shared
 * by two "servers" (separate connection pools): 20 visitors book the same slot at the same
 * instant → exactly one visit and one lead; the 19 others get the "just booked" refusal from
 * the exclusion constraint, and nothing of theirs stays; two visitors book adjacent slots (closer
 * than the buffer) at once → one visit (the calendar's advisory lock). Skipped locally without
 * `TEST_DATABASE_URL`; fails under `CI` without it.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leads, listings, users, visitMails, visits } from "~/.server/db/schema";
import { bookVisit, SLOT_TAKEN_MESSAGE, VisitSlotError } from "~/.server/visits/booking";
import { calendarForListing, freeSlots } from "~/.server/visits/calendar";
import { postgresTestUrl } from "./helpers/database";
import { makeBroker, makeListing, storedRow } from "./helpers/fixtures";
import { usePostgresServers } from "./helpers/postgres-servers";

const adminUrl = postgresTestUrl();

(adminUrl ? describe : describe.skip)("visit booking on PostgreSQL, two servers", () => {
  const { test, servers } = usePostgresServers(adminUrl!, 2, { poolSize: 10 });

  beforeAll(async () => {
    const db = test.database.db;
    await db.insert(users).values({ uid: "uid-par", role: "agent", email: "par@exemplo.com.br", brokerCode: "55" });
    await db.insert(listings).values(
      storedRow(makeListing({ code: "PAR1", salePrice: 500_000, broker: makeBroker("55", "Par") }), {
        condominiumSlug: null,
        now: new Date(),
      }),
    );
  }, 120_000);

  it("20 simultaneous bookings of one slot → exactly one booked", async () => {
    const db = test.database.db;
    const [slot] = await freeSlots(db, await calendarForListing(db, "PAR1"), new Date());
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        bookVisit(
          {
            listingCode: "PAR1",
            startsAt: slot!.startsAt,
            name: `Visitante ${i}`,
            phone: `119123456${String(i).padStart(2, "0")}`,
            formKey: `form-${i}`,
          },
          { db: servers[i % 2]!.db, agencyEmail: "contato@exemplo.com.br" },
        ),
      ),
    );
    const booked = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(VisitSlotError);
      expect((result.reason as Error).message).toBe(SLOT_TAKEN_MESSAGE);
    }
    expect(await db.select().from(visits).where(eq(visits.listingCode, "PAR1"))).toHaveLength(1);
    expect(await db.select().from(leads).where(eq(leads.listingCode, "PAR1"))).toHaveLength(1);
    const [visit] = await db.select().from(visits).where(eq(visits.listingCode, "PAR1"));
    expect((await db.select().from(visitMails).where(eq(visitMails.visitId, visit!.id))).length).toBeGreaterThan(0);
  }, 60_000);

  it("two simultaneous bookings of adjacent slots (within the buffer) → one booked", async () => {
    const db = test.database.db;
    const calendar = await calendarForListing(db, "PAR1");
    expect(calendar.availability.bufferMinutes).toBeGreaterThan(0);
    const slots = await freeSlots(db, calendar, new Date());
    const index = slots.findIndex((slot, i) => slots[i + 1]?.startsAt.getTime() === slot.endsAt.getTime());
    expect(index).toBeGreaterThanOrEqual(0);
    const pair = [slots[index]!, slots[index + 1]!];
    const results = await Promise.allSettled(
      pair.map((slot, i) =>
        bookVisit(
          {
            listingCode: "PAR1",
            startsAt: slot.startsAt,
            name: `Vizinho ${i}`,
            phone: `11987650${i}00`,
            formKey: `adjacent-${i}`,
          },
          { db: servers[i]!.db, agencyEmail: "contato@exemplo.com.br" },
        ),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === "rejected");
    expect(refused!.reason).toBeInstanceOf(VisitSlotError);
    const names = (await db.select().from(visits).where(eq(visits.listingCode, "PAR1"))).map((row) => row.visitorName);
    expect(names.filter((name) => name.startsWith("Vizinho"))).toHaveLength(1);
  }, 60_000);
});
