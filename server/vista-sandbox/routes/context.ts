/**
 * What every route handler of the sandbox receives, and the small helpers they
 * share: the request, its URL and key, the key's permissions, the wire context
 * (photo origin, catalogue, agency), and the sandbox's mutable state.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { FORMAT_MESSAGE } from "../../../app/.server/vista/contract";
import type { Catalogue } from "../catalogue";
import { VistaHttpError, type FieldPermissions } from "../query";
import type { SandboxState } from "../state";
import type { WireContext } from "../wire";

/** A key's permissions, resolved from its `SandboxKeyPolicy`. */
export interface ResolvedPolicy {
  methods: "*" | ReadonlySet<string>;
  deniedMethods: ReadonlySet<string>;
  permissions: FieldPermissions;
}

/** The parts of one sandbox instance the routes read or change. */
export interface SandboxServices {
  state: SandboxState;
  catalogue: Catalogue;
  /** Reply of `/siteurl`. */
  siteUrl: string;
}

/** One request as a route handler sees it, after routing, the key check and the Accept check. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  key: string;
  policy: ResolvedPolicy;
  wire: WireContext;
  sandbox: SandboxServices;
}

/** A route's work: the reply body (serialised as PHP would for Vista routes), or a {@link Reply}. */
export type RouteHandler = (ctx: RouteContext) => Promise<unknown> | unknown;

/** One entry of the route table. */
export interface Route {
  methods: readonly string[];
  /** Resource name in the 401 message ("imoveis/listar"). */
  resource: string;
  /** Vista API route (Accept, faults, URL length apply) vs sandbox test surface. */
  vista: boolean;
  handle: RouteHandler;
}

/** Reply body + status, serialised by the dispatcher; `raw` = plain `JSON.stringify`, not PHP's escaping. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly raw = false,
  ) {}
}

/** A query flag as Vista reads it: "1" or "true". */
export const truthy = (value: string | null) => value === "1" || value === "true";

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A keyed body, or `[]` when it has no key: PHP's json_encode of an empty array (docs/vista-api.md §4.1 "empty result"). */
export function keyedOrEmpty<T>(body: Record<string, T>): Record<string, T> | [] {
  return Object.keys(body).length === 0 ? [] : body;
}

const MAX_BODY = 1024 * 1024;

/**
 * The request body as UTF-8 text.
 * @throws {VistaHttpError} 413 above 1 MiB.
 */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_BODY) throw new VistaHttpError(413, "Requisição muito grande");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The request body as JSON; an empty body reads as `{}`.
 * @throws {VistaHttpError} 400 "O formato dos dados não está correto" when it is not JSON; 413 above 1 MiB.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new VistaHttpError(400, FORMAT_MESSAGE);
  }
}
