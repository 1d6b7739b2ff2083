/**
 * `GET /builds/latest.json?t=<timestamp>` (docs/spec.txt §7 "Build manifest"; ADR 0004):
 * the build this server serves, `{ id, timestamp }`, never cached.
 * The `t` query only defeats caches; it is ignored.
 */
import { getBuildInfo } from "~/.server/build-info";

/** `{ id, timestamp }` with `Cache-Control: no-store`. */
export function loader() {
  return Response.json(getBuildInfo(), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
