/**
 * The hourly owner-data limit on a real PostgreSQL (`TEST_DATABASE_URL`)
 * shared by several "processes" (separate connection pools): concurrent views
 * of one user never take more than the limit's distinct listings, whichever
 * process serves them. Skipped locally without `TEST_DATABASE_URL`; fails
 * under `CI` without it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordOwnerDataView } from "~/.server/broker/owner-access";
import { ownerDataAccess } from "~/.server/db/schema";
import { postgresTestUrl } from "./helpers/database";
import { usePostgresServers } from "./helpers/postgres-servers";

const adminUrl = postgresTestUrl();

(adminUrl ? describe : describe.skip)("owner-data limit on PostgreSQL", () => {
  const { test, servers: processes } = usePostgresServers(adminUrl!, 3, { poolSize: 4 });

  it("concurrent views from three processes allow exactly the limit of distinct listings", async () => {
    const reader = { uid: "uid-paralelo", email: "paralelo@exemplo.com.br" };
    const codes = Array.from({ length: 12 }, (_, i) => `PAR-${i}`);
    const results = await Promise.all(
      codes.map((listingCode, i) =>
        recordOwnerDataView(
          { reader, listingCode, ip: "203.0.113.1", userAgent: "" },
          { db: processes[i % processes.length]!.db, limitPerHour: 4 },
        ),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(4);
    const rows = await test.database.db.select().from(ownerDataAccess).where(eq(ownerDataAccess.uid, reader.uid));
    expect(rows).toHaveLength(12);
    expect(new Set(rows.filter((row) => row.allowed).map((row) => row.listingCode)).size).toBe(4);
  });
});
