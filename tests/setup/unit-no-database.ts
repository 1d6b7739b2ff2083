/**
 * Set-up file of the unit project (vite.config.ts): unit tests open no
 * database, so that `npm run test:unit` stays fast. Constructing a PGlite or
 * connecting to a PostgreSQL server here throws, naming where such a test
 * belongs: the integration project (`tests/integration/`, or the list of app
 * test files that need a database in vite.config.ts).
 */
import type * as Pglite from "@electric-sql/pglite";
import type * as Pg from "pg";
import { vi } from "vitest";

const MESSAGE =
  "A unit test opened a database: move the test to tests/integration/ or add its file to the " +
  "integration project's list of app tests that need a database (vite.config.ts)";

vi.mock("@electric-sql/pglite", async (importOriginal) => {
  const actual = await importOriginal<typeof Pglite>();
  class PGlite {
    constructor() {
      throw new Error(MESSAGE);
    }
    static create(): never {
      throw new Error(MESSAGE);
    }
  }
  return { ...actual, PGlite };
});

vi.mock("pg", async (importOriginal) => {
  const actual = await importOriginal<typeof Pg>();
  class Client extends actual.default.Client {
    override connect(): never {
      throw new Error(MESSAGE);
    }
  }
  class Pool extends actual.default.Pool {
    override connect(): never {
      throw new Error(MESSAGE);
    }
  }
  const pg = { ...actual.default, Client, Pool };
  return { ...actual, ...pg, default: pg };
});
