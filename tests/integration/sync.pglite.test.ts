/** Sync integration into PGlite (temporary folder): see helpers/sync-suite.ts. */
import { defineSyncSuite } from "./helpers/sync-suite";

defineSyncSuite("pglite");
