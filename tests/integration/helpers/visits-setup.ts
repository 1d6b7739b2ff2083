/**
 * The set-up the visit suites share (ADR 0088, ADR 0093): a migrated test database (PGlite unless
 * the suite asks for PostgreSQL) registered as the application's database, a real SMTP sink with a mailer pointed at it, the listings' broker as a
 * user and the suite's listings. Each is made before the file's tests and torn down after them.
 */
import { afterAll, beforeAll } from "vitest";
import type { Db } from "~/.server/db";
import { listings, users } from "~/.server/db/schema";
import { createMailer, type Mailer } from "~/.server/mail/transport";
import { setSingleton } from "~/.server/singleton";
import { createTestDatabase, type TestDatabase } from "./database";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

/** What a visit suite seeds: the broker (a `users` row) and the listings (built when seeding). */
export interface VisitsSeed {
  broker: typeof users.$inferInsert;
  listings: () => (typeof listings.$inferInsert)[];
  /** The database the suite runs on (default PGlite; "postgres" needs `TEST_DATABASE_URL`). */
  kind?: "pglite" | "postgres";
}

/** Handles on the set-up; each throws when read before the file's `beforeAll` ran. */
export interface VisitsSetup {
  /** The test database's drizzle handle. */
  db(): Db;
  /** The SMTP sink: `messages` holds each message the mailer sent, in order. */
  smtp(): SmtpSink;
  /** The mailer that delivers to {@link VisitsSetup.smtp}. */
  mailer(): Mailer;
}

/**
 * Registers the set-up's `beforeAll` and `afterAll` in the calling test file (call it at the
 * file's top level) and returns the handles its tests read.
 */
export function useVisitsSetup(seed: VisitsSeed): VisitsSetup {
  let test: TestDatabase | undefined;
  let smtp: SmtpSink | undefined;
  let mailer: Mailer | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`visits set-up: ${what} is read before beforeAll ran`);
    return value;
  };

  beforeAll(async () => {
    test = await createTestDatabase(seed.kind ?? "pglite");
    setSingleton("database", test.database);
    smtp = await startSmtpSink();
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      outboxDir: "/tmp/unused",
      from: "site@exemplo.com.br",
    });
    await test.database.db.insert(users).values(seed.broker);
    await test.database.db.insert(listings).values(seed.listings());
  }, 120_000);

  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await test?.cleanup();
  });

  return {
    db: () => ready(test, "the database").database.db,
    smtp: () => ready(smtp, "the SMTP sink"),
    mailer: () => ready(mailer, "the mailer"),
  };
}
