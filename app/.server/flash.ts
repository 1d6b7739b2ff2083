/**
 * Server-side flash toasts (docs/spec.txt §3 "Notification", §4, §9): the toast
 * area is fed also by server-side flash messages. An action (or
 * loader) redirects with a toast stored in a signed cookie; the root loader
 * reads it once, clears it and the toast shows after the page loads.
 *
 * Caching: a response that reads or clears the flash cookie carries a
 * `Set-Cookie` header and must not be stored by a shared cache; the root
 * loader marks it `Cache-Control: private, no-store` (see `app/root.tsx`).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { z } from "zod";
import { type FlashToast, TOAST_DEFAULT_DURATION, TOAST_TYPES, type ToastInput } from "~/lib/toast";
import { type Config, getConfig } from "./config";
import { singleton } from "./singleton";
import { FLASH_COOKIE_NAME } from "~/lib/site-cookies";

/** Name of the flash cookie. */
export { FLASH_COOKIE_NAME };

/** Name of the file in `DATA_DIR` holding the generated secret. */
export const SESSION_SECRET_FILE = "session-secret";

const FLASH_KEY = "toast";

/** Shape of a toast given to {@link redirectWithToast} (docs/spec.txt §3 Notification). */
export const toastInputSchema = z.object({
  type: z.enum(TOAST_TYPES),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(1000).default(""),
  /** ms; default 3000 (docs/spec.txt §9). */
  duration: z.number().positive().max(60_000).default(TOAST_DEFAULT_DURATION),
});

const flashToastSchema = toastInputSchema.extend({ id: z.string().min(1).max(64) });

let warnedAboutSecret = false;

/**
 * The secrets that sign cookies: `SESSION_SECRET` (comma-separated for
 * rotation; the first signs) or, when unset, a random secret created once in
 * `DATA_DIR/session-secret` so restarts and several processes sharing the data
 * folder agree. Creation is atomic (write a temporary file, then hard-link it:
 * exactly one process wins, the others read its secret). In production
 * without `SESSION_SECRET` a warning is printed (the secret is per data folder,
 * not per deployment; printed once per process).
 * @throws {Error} when the data folder cannot be created or read.
 */
export function getSessionSecrets(config: Config = getConfig()): string[] {
  if (config.SESSION_SECRET) {
    return config.SESSION_SECRET.split(",").map((secret) => secret.trim());
  }
  if (config.NODE_ENV === "production" && !warnedAboutSecret) {
    warnedAboutSecret = true;
    console.warn(
      `[flash] SESSION_SECRET não definida: usando o segredo gerado em ${path.join(config.dataDir, SESSION_SECRET_FILE)}. ` +
        "Defina SESSION_SECRET (32+ caracteres) quando houver várias máquinas.",
    );
  }
  return [readOrCreateSecret(path.join(config.dataDir, SESSION_SECRET_FILE))];
}

/** Reads the secret file, creating it atomically when it does not exist. */
function readOrCreateSecret(file: string): string {
  const existing = readSecret(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`O arquivo de segredo ${file} está vazio`);
  return secret;
}

function readSecret(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Builds the flash cookie storage: HttpOnly, SameSite=Lax, path "/", Secure in
 * production, signed with {@link getSessionSecrets}. Exposed for tests; the
 * app uses the per-process instance behind {@link redirectWithToast}/{@link getToast}.
 */
export function createFlashStorage(config: Config = getConfig()): SessionStorage {
  return createCookieSessionStorage({
    cookie: {
      name: FLASH_COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.NODE_ENV === "production",
      secrets: getSessionSecrets(config),
    },
  });
}

function flashStorage(): SessionStorage {
  return singleton("flash-storage", () => createFlashStorage());
}

/**
 * `Set-Cookie` headers that carry `toast` to the next page load. Use it when
 * an action answers without a redirect.
 * @throws {z.ZodError} when the toast is malformed (empty title, unknown type …).
 */
export async function createToastHeaders(
  toast: ToastInput,
  storage: SessionStorage = flashStorage(),
): Promise<Headers> {
  const value: FlashToast = { ...toastInputSchema.parse(toast), id: randomBytes(8).toString("hex") };
  const session = await storage.getSession();
  session.flash(FLASH_KEY, value);
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

/**
 * A redirect (302 unless `init` says otherwise) that shows `toast` on the
 * target page. Other headers in `init` are kept.
 * @example `return redirectWithToast("/obrigado", { type: "success", title: "Mensagem enviada" })`
 * @throws {z.ZodError} when the toast is malformed.
 */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
  storage: SessionStorage = flashStorage(),
): Promise<Response> {
  const headers = new Headers(init?.headers);
  const cookie = (await createToastHeaders(toast, storage)).get("Set-Cookie");
  if (cookie) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** What {@link getToast} returns. */
export interface ToastFromRequest {
  /** The pending toast, or null. */
  toast: FlashToast | null;
  /** `Set-Cookie` that clears the flash cookie, or null when there was none to clear. */
  headers: Headers | null;
}

/**
 * Reads (and consumes) the flash toast of a request. A missing, tampered or
 * outdated cookie gives `toast: null`; whenever the cookie was present the
 * returned headers clear it, so commit them with the response.
 */
export async function getToast(request: Request, storage: SessionStorage = flashStorage()): Promise<ToastFromRequest> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${FLASH_COOKIE_NAME}=`)) return { toast: null, headers: null };
  const session = await storage.getSession(cookieHeader);
  const parsed = flashToastSchema.safeParse(session.get(FLASH_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await storage.destroySession(session) }),
  };
}
