/**
 * Who may talk to the embedded Auth emulator
 * (docs/decisions/0065-sign-in-abuse-and-enumeration.md). The emulator's REST
 * API has no authentication of its own: firebase-admin's "Bearer owner" is
 * accepted from anyone, and it can create accounts, set custom claims, change
 * passwords and return every account with its password in clear. So it
 * listens on a loopback interface only, and answers only requests whose path
 * starts with a random access key, made at each start: the key travels inside
 * `FIREBASE_AUTH_EMULATOR_HOST` (`127.0.0.1:<port>/<key>`, which firebase-admin
 * and the server's Identity Toolkit calls put in front of every path) and, with
 * a data folder, in `<persistDir>/access-key` (mode 600) for tools of the same
 * user. Another local user, or a web page's request to loopback, cannot guess
 * it. The key is a secret: never log it.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

/** Name of the file, inside the emulator's data folder, that holds the current access key. */
export const ACCESS_KEY_FILE = "access-key";

/** A fresh access key: 24 random bytes, base64url (32 characters safe in a URL path). */
export function newAccessKey(): string {
  return randomBytes(24).toString("base64url");
}

/** Whether `host` names a loopback interface (`localhost`, `127.x.y.z`, `::1`). */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Writes `key` to `<dir>/access-key`, mode 600 (replacing an older key). */
export function writeAccessKey(dir: string, key: string): string {
  const file = path.join(dir, ACCESS_KEY_FILE);
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

/**
 * Wraps the emulator's handler so that only requests under `/<key>/` reach
 * it, with the prefix removed; any other path answers 404 (compared in
 * constant time, so the answer's timing tells nothing of the key).
 */
export function keyedHandler(
  key: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const expected = Buffer.from(`/${key}/`);
  return (req, res) => {
    const url = req.url ?? "/";
    const given = Buffer.from(url.slice(0, expected.length));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.statusCode = 404;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ error: { code: 404, message: "NOT_FOUND" } }));
      return;
    }
    req.url = url.slice(expected.length - 1);
    handler(req, res);
  };
}
