import fs from "node:fs";
import path from "node:path";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

const migrations = path.join(__dirname, "migrations");

interface Journal {
  entries: { idx: number; tag: string }[];
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(migrations, file), "utf8")) as T;
}

describe("the schema and its migrations", () => {
  const journal = readJson<Journal>("meta/_journal.json");
  const last = journal.entries[journal.entries.length - 1];
  // drizzle-kit generate diffs the schema against the newest snapshot in meta/.
  const newestSnapshot = fs
    .readdirSync(path.join(migrations, "meta"))
    .filter((name) => name.endsWith("_snapshot.json"))
    .sort()
    .at(-1);

  it("keep a drizzle-kit snapshot of the last migration, which `drizzle-kit generate` diffs against", () => {
    expect(newestSnapshot).toBe(`${String(last.idx).padStart(4, "0")}_snapshot.json`);
    for (const entry of journal.entries) {
      expect(fs.existsSync(path.join(migrations, `${entry.tag}.sql`)), entry.tag).toBe(true);
    }
  });

  it("agree: the schema in code needs no migration the folder does not have", async () => {
    const snapshot = readJson<Parameters<typeof generateMigration>[0]>(`meta/${newestSnapshot}`);
    const current = generateDrizzleJson(schema, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });
});
