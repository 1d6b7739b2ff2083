/**
 * The `pesquisa` builder (docs/vista-api.md §3): fields, the filter grammar, order,
 * paginacao, and serialisation to the URL-encoded JSON that Vista expects in the
 * query string. Empty values (undefined, null, "", NaN, empty arrays) are
 * dropped, so a form's optional filters can be passed straight in.
 */
import type {
  VistaCondition,
  VistaFieldSpec,
  VistaOperator,
  VistaOrderDirection,
  VistaPaginacao,
  VistaPesquisa,
  VistaScalar,
} from "./contract";
import { VISTA_MAX_PAGE_SIZE } from "./contract";

export { VISTA_MAX_PAGE_SIZE };

/** Operators of the filter grammar (docs/vista-api.md §3.2). */
export const VISTA_OPERATORS: readonly VistaOperator[] = [">", "<", ">=", "<=", "!=", "like"];

/** A value a caller may pass where a filter value is expected; empty ones are dropped. */
export type FilterInput = VistaScalar | boolean | null | undefined;

/** A condition as a caller may write it (with possibly empty parts). */
export type ConditionInput =
  | FilterInput
  | readonly FilterInput[]
  | readonly [VistaOperator, FilterInput]
  | { readonly [subField: string]: ConditionInput };

function isOperator(value: unknown): value is VistaOperator {
  return typeof value === "string" && (VISTA_OPERATORS as readonly string[]).includes(value);
}

/** A scalar, or undefined when the value is empty (undefined, null, "", whitespace, NaN). Booleans become "Sim"/"Nao". */
function scalar(value: FilterInput): VistaScalar | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "boolean") return value ? "Sim" : "Nao";
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  return value.trim() === "" ? undefined : value;
}

const NUMERIC_OR_DATE = /^-?\d+([.,]\d+)?$|^\d{4}-\d{2}-\d{2}/;

function looksNumericOrDate(value: VistaScalar): boolean {
  return typeof value === "number" || NUMERIC_OR_DATE.test(value);
}

/**
 * Normalises one condition: drops empty parts; returns undefined when nothing
 * is left. Arrays keep their meaning under Vista's reading (docs/vista-api.md §3.2):
 * a two-scalar array stays a two-scalar array (BETWEEN on numeric/date fields);
 * a two-element range with one empty end becomes `[">=", min]` / `["<=", max]`;
 * any other array is IN, and a one-value IN list becomes equality.
 * @throws {TypeError} on nested arrays or sub-table filters nested twice.
 */
function normalizeCondition(
  field: string,
  condition: ConditionInput,
  nested: boolean,
): VistaCondition | Record<string, VistaCondition> | undefined {
  if (Array.isArray(condition)) {
    const list = condition as readonly FilterInput[];
    if (list.length === 2 && isOperator(list[0])) {
      const value = scalar(list[1]);
      return value === undefined ? undefined : [list[0], value];
    }
    if (list.some((item) => Array.isArray(item) || (item !== null && typeof item === "object"))) {
      throw new TypeError(`Vista filter ${field}: nested arrays are not part of the filter grammar`);
    }
    const parts = list.map(scalar);
    if (parts.length === 2) {
      const [low, high] = parts;
      if (low !== undefined && high === undefined && looksNumericOrDate(low)) return [">=", low];
      if (low === undefined && high !== undefined && looksNumericOrDate(high)) return ["<=", high];
    }
    const values = parts.filter((item): item is VistaScalar => item !== undefined);
    if (values.length === 0) return undefined;
    if (values.length === 1) return values[0];
    return values;
  }
  if (condition !== null && typeof condition === "object") {
    if (nested) throw new TypeError(`Vista filter ${field}: sub-table filters cannot nest further`);
    const out: Record<string, VistaCondition> = {};
    for (const [subField, subCondition] of Object.entries(condition)) {
      const normalized = normalizeCondition(`${field}.${subField}`, subCondition, true);
      if (normalized !== undefined) out[subField] = normalized as VistaCondition;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return scalar(condition as FilterInput);
}

/**
 * Validates a page request.
 * @throws {RangeError} when `pagina` is not an integer ≥ 1 or `quantidade` is
 *   not an integer in 1..50 (docs/vista-api.md §3.5).
 */
export function validatePaginacao(paginacao: VistaPaginacao): VistaPaginacao {
  const pagina = Number(paginacao.pagina);
  const quantidade = Number(paginacao.quantidade);
  if (!Number.isInteger(pagina) || pagina < 1) {
    throw new RangeError(`Vista paginacao.pagina must be an integer >= 1 (got ${String(paginacao.pagina)})`);
  }
  if (!Number.isInteger(quantidade) || quantidade < 1 || quantidade > VISTA_MAX_PAGE_SIZE) {
    throw new RangeError(
      `Vista paginacao.quantidade must be an integer from 1 to ${VISTA_MAX_PAGE_SIZE} (got ${String(paginacao.quantidade)})`,
    );
  }
  return { pagina, quantidade };
}

function normalizeFields(fields: readonly VistaFieldSpec[]): VistaFieldSpec[] {
  const out: VistaFieldSpec[] = [];
  const seen = new Set<string>();
  for (const spec of fields) {
    if (typeof spec === "string") {
      const name = spec.trim();
      if (name && !seen.has(name)) {
        seen.add(name);
        out.push(name);
      }
      continue;
    }
    for (const [table, subFields] of Object.entries(spec)) {
      const cleaned = [...new Set(subFields.map((f) => f.trim()).filter(Boolean))];
      if (cleaned.length) out.push({ [table]: cleaned });
    }
  }
  return out;
}

/**
 * Fluent builder of a {@link VistaPesquisa}. Create it with {@link pesquisa}.
 * Every filter method ignores empty values, so optional inputs need no `if`.
 */
export class PesquisaBuilder {
  private readonly fieldList: VistaFieldSpec[] = [];
  private readonly filters: Record<string, VistaCondition | Record<string, VistaCondition>> = {};
  private readonly orders: Record<string, VistaOrderDirection> = {};
  private paginacao: VistaPaginacao | undefined;
  private advFilter: Record<string, unknown> | undefined;

  /** Adds fields or sub-tables (`{ Corretor: ["Nome"] }`) to `fields`; duplicates are ignored. */
  fields(...specs: (VistaFieldSpec | readonly VistaFieldSpec[])[]): this {
    for (const spec of specs) {
      if (Array.isArray(spec)) this.fieldList.push(...(spec as VistaFieldSpec[]));
      else this.fieldList.push(spec as VistaFieldSpec);
    }
    return this;
  }

  /**
   * Sets a raw condition on a field (any form of the grammar, or a record of
   * conditions for a sub-table such as `prontuarios`). Empty → the field's filter is removed.
   * @throws {TypeError} on a malformed condition.
   */
  where(field: string, condition: ConditionInput): this {
    const normalized = normalizeCondition(field, condition, false);
    if (normalized === undefined) delete this.filters[field];
    else this.filters[field] = normalized;
    return this;
  }

  /** Merges a whole filter object, as {@link where} for each entry. */
  filter(conditions: Record<string, ConditionInput> | undefined): this {
    for (const [field, condition] of Object.entries(conditions ?? {})) this.where(field, condition);
    return this;
  }

  /** Equality: `"Cidade": "São Paulo"`. */
  equals(field: string, value: FilterInput): this {
    return this.where(field, value);
  }

  /**
   * IN (any of): `"Bairro": ["Centro", "Moema"]`. Empty values and duplicates
   * are dropped; one value becomes equality. Two numbers/dates get the last one
   * repeated (`[2, 3, 3]`) so Vista cannot read them as an inclusive BETWEEN
   * (docs/vista-api.md §3.2, "Ambiguity in two-element arrays").
   */
  in(field: string, values: readonly FilterInput[] | undefined): this {
    const cleaned = (values ?? []).map(scalar).filter((item): item is VistaScalar => item !== undefined);
    const unique = cleaned.filter((item, index) => cleaned.indexOf(item) === index);
    if (unique.length === 2 && unique.every(looksNumericOrDate)) {
      this.filters[field] = [unique[0], unique[1], unique[1]];
      return this;
    }
    return this.where(field, unique);
  }

  /**
   * Inclusive range on a numeric or date field: `[min, max]` when both are
   * given, `[">=", min]` or `["<=", max]` when only one is, nothing when neither.
   * @throws {RangeError} when both are numbers and min > max.
   */
  between(field: string, min: FilterInput, max: FilterInput): this {
    const low = scalar(min);
    const high = scalar(max);
    if (low !== undefined && high !== undefined) {
      if (typeof low === "number" && typeof high === "number" && low > high) {
        throw new RangeError(`Vista filter ${field}: minimum ${low} is above maximum ${high}`);
      }
      this.filters[field] = [low, high];
      return this;
    }
    if (low !== undefined) return this.where(field, [">=", low]);
    if (high !== undefined) return this.where(field, ["<=", high]);
    delete this.filters[field];
    return this;
  }

  /** Comparison: `"Dormitorios": [">=", 2]`, `"Status": ["!=", "Vendido"]`, `"Assunto": ["like", "venda"]`. */
  compare(field: string, operator: VistaOperator, value: FilterInput): this {
    if (!isOperator(operator)) throw new TypeError(`Vista filter ${field}: unknown operator ${String(operator)}`);
    return this.where(field, [operator, value]);
  }

  /** Text match: `["like", text]`. */
  like(field: string, text: FilterInput): this {
    return this.compare(field, "like", text);
  }

  /** Boolean-ish field: true → "Sim", false → "Nao", undefined → no filter (docs/vista-api.md §3.2 "Flags"). */
  flag(field: string, value: boolean | undefined | null): this {
    return this.where(field, value ?? undefined);
  }

  /** Adds a sort key; several keys sort in the order they were added (docs/vista-api.md §3.4). */
  order(field: string, direction: VistaOrderDirection = "asc"): this {
    this.orders[field] = direction;
    return this;
  }

  /**
   * Sets the page.
   * @throws {RangeError} when `quantidade` > 50 or the values are not positive integers.
   */
  page(pagina: number, quantidade: number = VISTA_MAX_PAGE_SIZE): this {
    this.paginacao = validatePaginacao({ pagina, quantidade });
    return this;
  }

  /** Sets `advFilter` (docs/vista-api.md §3.3), passed through as given. */
  advanced(advFilter: Record<string, unknown> | undefined): this {
    this.advFilter = advFilter && Object.keys(advFilter).length ? advFilter : undefined;
    return this;
  }

  /** The pesquisa object, with empty parts left out. */
  build(): VistaPesquisa {
    const out: VistaPesquisa = { fields: normalizeFields(this.fieldList) };
    if (Object.keys(this.filters).length) out.filter = { ...this.filters };
    if (this.advFilter) out.advFilter = this.advFilter;
    if (Object.keys(this.orders).length) out.order = { ...this.orders };
    if (this.paginacao) out.paginacao = { ...this.paginacao };
    return out;
  }

  /** The URL-encoded JSON value of the `pesquisa` query parameter. */
  serialize(): string {
    return serializePesquisa(this.build());
  }
}

/**
 * Starts a pesquisa, optionally with its fields.
 * @example pesquisa(LISTING_FIELDS).flag("ExibirNoSite", true).compare("DataAtualizacao", ">=", "2026-08-01").page(1, 50).build()
 */
export function pesquisa(fields: readonly VistaFieldSpec[] = []): PesquisaBuilder {
  return new PesquisaBuilder().fields(fields);
}

/**
 * A pesquisa as callers write it: like {@link VistaPesquisa}, but filter values
 * may be empty (dropped) or booleans (sent as "Sim"/"Nao").
 */
export interface PesquisaInput {
  fields: readonly VistaFieldSpec[];
  filter?: Record<string, ConditionInput>;
  advFilter?: Record<string, unknown>;
  order?: Record<string, VistaOrderDirection>;
  paginacao?: VistaPaginacao;
}

/**
 * Validates and cleans a pesquisa written as a plain object (as the sync and
 * the client receive it): drops empty filter values, dedupes fields, checks paginacao.
 * @throws {RangeError} on a bad paginacao (quantidade > 50); {TypeError} on a malformed filter.
 */
export function normalizePesquisa(input: PesquisaInput): VistaPesquisa {
  const builder = pesquisa(input.fields).filter(input.filter).advanced(input.advFilter);
  for (const [field, direction] of Object.entries(input.order ?? {})) builder.order(field, direction);
  if (input.paginacao) builder.page(input.paginacao.pagina, input.paginacao.quantidade);
  return builder.build();
}

/**
 * Serialises a pesquisa to the URL-encoded JSON value of the `pesquisa`
 * query parameter (docs/vista-api.md §1.3: always encode; spaces become `%20`,
 * accents UTF-8 percent-encoded). Pass the result after `pesquisa=` unchanged.
 */
export function serializePesquisa(value: VistaPesquisa): string {
  return encodeURIComponent(JSON.stringify(value));
}
