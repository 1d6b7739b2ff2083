/**
 * The one Vista contract (ADR 0076): what Vista offers (its field catalogue),
 * what the product reads (the field table and the lists derived from it), the
 * JSON shapes Vista sends (wire types) and its enumerations and fixed texts.
 * The HTTP client, the adapter, the sandbox (`server/vista-sandbox/`) and the
 * test doubles (`app/test-support/`, `tests/mocks/vista.ts`) all import it, so
 * a new field is declared once.
 */
export * from "./catalogue-amenities";
export * from "./catalogue-listing";
export * from "./catalogue-tables";
export * from "./enums";
export * from "./field-types";
export * from "./fields";
export type * from "./wire";
