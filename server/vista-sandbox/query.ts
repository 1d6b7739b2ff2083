/**
 * The `pesquisa` parameter as the sandbox understands it (docs/vista-api.md §3):
 * parsing, field validation with Vista's error bodies (§3.1, §5.2, §8.3–8.5),
 * the filter grammar (§3.2, §8.6), `order` (§3.4) and `paginacao` (§3.5).
 */
import type { SandboxListing } from "./catalogue";
import {
  DETAIL_ONLY_TABLES,
  FORMAT_MESSAGE,
  LISTING_FIELD_SET,
  PAGE_SIZE_MESSAGE,
  SUB_TABLES,
  VISTA_MAX_PAGE_SIZE,
  fieldMessage,
  isDateField,
  isNumericField,
  tableMessage,
} from "../../app/.server/vista/contract";
import { fieldValue, type WireContext, type WireRow } from "./wire";
import { subTableRows } from "./wire-tables";

/** A Vista error reply: HTTP status and the `message` of the `{"message","status"}` envelope (docs/vista-api.md §5.1). */
export class VistaHttpError extends Error {
  override name = "VistaHttpError";
  constructor(
    readonly status: number,
    readonly body: string | string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(body) ? body.join(" ") : body);
  }
}

/** A requested field: a plain name, or a sub-table with its sub-fields. */
export type FieldSpec = { kind: "field"; name: string } | { kind: "table"; name: string; fields: string[] };

/** A parsed `pesquisa`. */
export interface Pesquisa {
  /** Requested fields in request order; null when `fields` was absent. */
  fields: FieldSpec[] | null;
  filter: Record<string, unknown>;
  /** Sort keys in request order. */
  order: [field: string, direction: "asc" | "desc"][];
  /** 1-based page. */
  page: number;
  /** Page size, 1..50. */
  pageSize: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Parses the raw `pesquisa` query value.
 * @param raw the decoded query parameter, or null when absent (then an empty pesquisa).
 * @throws {VistaHttpError} 400 `O formato dos dados não está correto` on invalid JSON or shapes;
 *   400 `O limite de resultados por página deve ser 50` when `quantidade` > 50.
 */
export function parsePesquisa(raw: string | null): Pesquisa {
  let data: unknown = {};
  if (raw !== null && raw.trim() !== "") {
    try {
      data = JSON.parse(raw);
    } catch {
      throw new VistaHttpError(400, FORMAT_MESSAGE);
    }
  }
  // PHP decodes `[]` as an empty array, which Vista treats as "no options".
  if (Array.isArray(data) && data.length === 0) data = {};
  if (!isPlainObject(data)) throw new VistaHttpError(400, FORMAT_MESSAGE);

  let fields: FieldSpec[] | null = null;
  if (data.fields !== undefined) {
    if (!Array.isArray(data.fields)) throw new VistaHttpError(400, FORMAT_MESSAGE);
    fields = [];
    for (const item of data.fields) {
      if (typeof item === "string") {
        fields.push({ kind: "field", name: item });
      } else if (isPlainObject(item) && Object.keys(item).length >= 1) {
        for (const [name, sub] of Object.entries(item)) {
          if (!Array.isArray(sub) || !sub.every((s) => typeof s === "string"))
            throw new VistaHttpError(400, FORMAT_MESSAGE);
          fields.push({ kind: "table", name, fields: sub as string[] });
        }
      } else {
        throw new VistaHttpError(400, FORMAT_MESSAGE);
      }
    }
  }

  let filter: Record<string, unknown> = {};
  if (data.filter !== undefined) {
    if (Array.isArray(data.filter) && data.filter.length === 0) filter = {};
    else if (isPlainObject(data.filter)) filter = data.filter;
    else throw new VistaHttpError(400, FORMAT_MESSAGE);
  }

  const order: Pesquisa["order"] = [];
  if (data.order !== undefined && !(Array.isArray(data.order) && data.order.length === 0)) {
    if (!isPlainObject(data.order)) throw new VistaHttpError(400, FORMAT_MESSAGE);
    for (const [field, direction] of Object.entries(data.order)) {
      const dir = typeof direction === "string" ? direction.toLowerCase() : "";
      if (dir !== "asc" && dir !== "desc") throw new VistaHttpError(400, FORMAT_MESSAGE);
      order.push([field, dir]);
    }
  }

  let page = 1;
  let pageSize = VISTA_MAX_PAGE_SIZE;
  if (data.paginacao !== undefined) {
    if (!isPlainObject(data.paginacao)) throw new VistaHttpError(400, FORMAT_MESSAGE);
    const { pagina, quantidade } = data.paginacao;
    if (pagina !== undefined) page = toPositiveInteger(pagina);
    if (quantidade !== undefined) {
      pageSize = toPositiveInteger(quantidade);
      if (pageSize > VISTA_MAX_PAGE_SIZE) throw new VistaHttpError(400, PAGE_SIZE_MESSAGE);
    }
  }
  return { fields, filter, order, page, pageSize };
}

function toPositiveInteger(value: unknown): number {
  const n =
    typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1) throw new VistaHttpError(400, FORMAT_MESSAGE);
  return n;
}

/** Which property method is validating: sub-table availability differs (docs/vista-api.md §3.1). */
export type PropertyMethod = "listar" | "detalhes" | "listarConteudo";

/** What a key may read: field names refused for it (plain names, "Table", or "Table.Field"). */
export interface FieldPermissions {
  deniedFields: ReadonlySet<string>;
}

/**
 * Checks requested fields, filter keys and order keys against the allow-lists
 * of docs/vista-api.md §6 and the key's permissions.
 * @throws {VistaHttpError} 400 `A tabela X não está disponível para este método` for a
 *   detail-only sub-table on `listar`; 400 with an ARRAY message naming every rejected field.
 */
export function validatePesquisa(pesquisa: Pesquisa, method: PropertyMethod, permissions: FieldPermissions): void {
  const rejected: string[] = [];
  const reject = (name: string) => {
    if (!rejected.includes(name)) rejected.push(name);
  };
  const plainAllowed = (name: string) => LISTING_FIELD_SET.has(name) && !permissions.deniedFields.has(name);

  for (const spec of pesquisa.fields ?? []) {
    if (spec.kind === "field") {
      if (SUB_TABLES[spec.name]) {
        // A sub-table named by its bare name: served with all its sub-fields where the method allows it.
        if (permissions.deniedFields.has(spec.name)) reject(spec.name);
        else if (method !== "detalhes" && (DETAIL_ONLY_TABLES.has(spec.name) || method === "listarConteudo")) {
          throw new VistaHttpError(400, tableMessage(spec.name));
        }
      } else if (!plainAllowed(spec.name)) {
        reject(spec.name);
      }
      continue;
    }
    const subFields = SUB_TABLES[spec.name];
    if (!subFields || permissions.deniedFields.has(spec.name)) {
      reject(spec.name);
      continue;
    }
    if (method !== "detalhes" && (DETAIL_ONLY_TABLES.has(spec.name) || method === "listarConteudo")) {
      throw new VistaHttpError(400, tableMessage(spec.name));
    }
    for (const sub of spec.fields) {
      if (!subFields.includes(sub) || permissions.deniedFields.has(`${spec.name}.${sub}`)) reject(sub);
    }
  }

  for (const [name, condition] of Object.entries(pesquisa.filter)) {
    if (name === "Caracteristicas" || name === "InfraEstrutura") {
      // Nested amenity filters are refused; the top-level flag names work (docs/vista-api.md §3.2 [LIVE]).
      throw new VistaHttpError(400, FORMAT_MESSAGE);
    }
    const subFields = SUB_TABLES[name];
    if (subFields) {
      if (!isPlainObject(condition)) throw new VistaHttpError(400, FORMAT_MESSAGE);
      if (permissions.deniedFields.has(name)) reject(name);
      for (const sub of Object.keys(condition)) if (!subFields.includes(sub)) reject(sub);
      continue;
    }
    if (!plainAllowed(name)) reject(name);
    else if (isPlainObject(condition)) throw new VistaHttpError(400, FORMAT_MESSAGE);
  }

  for (const [name] of pesquisa.order) {
    if (!plainAllowed(name) && !SUB_TABLES[name]) reject(name);
  }

  if (rejected.length > 0) throw new VistaHttpError(400, rejected.map(fieldMessage));
}

/** Lower-case, accent-free text: Vista's MySQL collation compares this way ([INF], docs/vista-api.md §8.6). */
export function fold(text: string): string {
  // Fast path for plain ASCII.

  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const OPERATORS = new Set([">", "<", ">=", "<=", "!=", "<>", "like", "not like"]);

type Scalar = string | number | boolean | null;
type Test = (value: string) => boolean;

const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";

function scalarText(value: Scalar): string {
  if (value === null) return "";
  return String(value);
}

function toNumber(text: string): number {
  if (text.trim() === "") return NaN;
  return Number(text.replace(",", "."));
}

function equalityTest(field: string, operand: Scalar): Test {
  const text = scalarText(operand);
  if (isNumericField(field) && text !== "" && Number.isFinite(toNumber(text))) {
    const target = toNumber(text);
    return (value) => toNumber(value) === target;
  }
  const target = fold(text);
  return (value) => fold(value) === target;
}

function likeTest(operand: Scalar): Test {
  const pattern = fold(scalarText(operand));
  if (/[%_]/.test(pattern)) {
    const source = pattern
      .split("")
      .map((c) => (c === "%" ? ".*" : c === "_" ? "." : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    const regex = new RegExp(`^${source}$`, "s");
    return (value) => regex.test(fold(value));
  }
  return (value) => fold(value).includes(pattern);
}

function comparisonTest(field: string, operator: string, operand: Scalar): Test {
  if (operator === "like") return likeTest(operand);
  if (operator === "not like") {
    const like = likeTest(operand);
    return (value) => !like(value);
  }
  if (operator === "!=" || operator === "<>") {
    const equal = equalityTest(field, operand);
    return (value) => !equal(value);
  }
  const text = scalarText(operand);
  const numeric = isNumericField(field) && Number.isFinite(toNumber(text));
  const cmp = (diff: number) =>
    operator === ">" ? diff > 0 : operator === "<" ? diff < 0 : operator === ">=" ? diff >= 0 : diff <= 0;
  if (numeric) {
    const target = toNumber(text);
    return (value) => {
      const n = toNumber(value);
      return Number.isFinite(n) && cmp(n - target);
    };
  }
  if (isDateField(field)) {
    return (value) => cmp(value < text ? -1 : value > text ? 1 : 0);
  }
  const target = fold(text);
  return (value) => {
    const folded = fold(value);
    return cmp(folded < target ? -1 : folded > target ? 1 : 0);
  };
}

function betweenTest(field: string, low: Scalar, high: Scalar): Test {
  const atLeast = comparisonTest(field, ">=", low);
  const atMost = comparisonTest(field, "<=", high);
  return (value) => atLeast(value) && atMost(value);
}

/**
 * Compiles one filter condition (docs/vista-api.md §3.2) for `field` into a test on its wire value.
 * - scalar → equality (numeric on numeric fields; otherwise case- and accent-insensitive);
 * - `[op, x]` with op in `> < >= <= != like` → comparison;
 * - `[a, b]` on a numeric or date field → inclusive BETWEEN;
 * - any other array → IN (OR of its elements; nested arrays are conditions).
 * @throws {VistaHttpError} 400 format error on an unusable condition (object, empty operator).
 */
export function compileCondition(field: string, condition: unknown): Test {
  if (isScalar(condition)) return equalityTest(field, condition);
  if (!Array.isArray(condition)) throw new VistaHttpError(400, FORMAT_MESSAGE);
  if (condition.length === 2 && typeof condition[0] === "string" && OPERATORS.has(condition[0].toLowerCase())) {
    if (!isScalar(condition[1])) throw new VistaHttpError(400, FORMAT_MESSAGE);
    return comparisonTest(field, condition[0].toLowerCase(), condition[1]);
  }
  if (
    condition.length === 2 &&
    (isNumericField(field) || isDateField(field)) &&
    isScalar(condition[0]) &&
    isScalar(condition[1])
  ) {
    return betweenTest(field, condition[0], condition[1]);
  }
  if (condition.every(isScalar) && !isNumericField(field)) {
    // Plain IN list on a text field (e.g. 50 codes): one folded-set lookup per value.
    const targets = new Set(condition.map((item) => fold(scalarText(item))));
    return (value) => targets.has(fold(value));
  }
  const tests = condition.map((item) => compileCondition(field, item));
  return (value) => tests.some((test) => test(value));
}

/** A compiled filter: a predicate over listings, plus per-sub-table row predicates (for `detalhes`). */
export interface CompiledFilter {
  matches(listing: SandboxListing): boolean;
  /** Row filter for a sub-table named in `filter` (e.g. `prontuarios`), or undefined. */
  rowFilter(table: string): ((row: WireRow) => boolean) | undefined;
}

/**
 * Compiles a validated `filter` object. Top-level entries are AND-ed. A
 * sub-table entry (`{"prontuarios": {"Assunto": ["like","…"]}}`) keeps a
 * listing when one of its rows matches, and on `detalhes` filters the rows.
 * @throws {VistaHttpError} 400 format error on an unusable condition.
 */
export function compileFilter(filter: Record<string, unknown>, ctx: WireContext): CompiledFilter {
  const plain: [field: string, test: Test][] = [];
  const tables = new Map<string, (row: WireRow) => boolean>();
  for (const [field, condition] of Object.entries(filter)) {
    if (SUB_TABLES[field] && isPlainObject(condition)) {
      const subTests = Object.entries(condition).map(([sub, c]) => [sub, compileCondition(sub, c)] as const);
      tables.set(field, (row) => subTests.every(([sub, test]) => test(row[sub] ?? "")));
      continue;
    }
    plain.push([field, compileCondition(field, condition)]);
  }
  return {
    matches(listing) {
      for (const [field, test] of plain) if (!test(fieldValue(listing, field, ctx))) return false;
      for (const [table, rowTest] of tables) {
        if (!subTableRows(listing, table, ctx).some(([, row]) => rowTest(row))) return false;
      }
      return true;
    },
    rowFilter(table) {
      return tables.get(table);
    },
  };
}

/**
 * A comparator for `order` (docs/vista-api.md §3.4): several keys in request order, numeric on
 * numeric fields ("" first ascending), case/accent-insensitive text otherwise;
 * ties keep catalogue order (stable pagination).
 */
export function compileOrder(
  order: Pesquisa["order"],
  ctx: WireContext,
): (a: SandboxListing, b: SandboxListing) => number {
  const keys = order.map(([field, direction]) => ({
    field,
    sign: direction === "desc" ? -1 : 1,
    numeric: isNumericField(field),
  }));
  return (a, b) => {
    for (const { field, sign, numeric } of keys) {
      const va = fieldValue(a, field, ctx);
      const vb = fieldValue(b, field, ctx);
      let diff: number;
      if (numeric) {
        const na = toNumber(va);
        const nb = toNumber(vb);
        const fa = Number.isFinite(na) ? na : -Infinity;
        const fb = Number.isFinite(nb) ? nb : -Infinity;
        diff = fa === fb ? 0 : fa < fb ? -1 : 1;
      } else {
        const fa = fold(va);
        const fb = fold(vb);
        diff = fa === fb ? 0 : fa < fb ? -1 : 1;
      }
      if (diff !== 0) return diff * sign;
    }
    return a.index - b.index;
  };
}
