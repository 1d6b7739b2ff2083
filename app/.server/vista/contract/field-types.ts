/**
 * Which Vista fields compare as numbers or as dates in the filter grammar and
 * in `order` (docs/vista-api.md §3.2 "Ambiguity in two-element arrays", §3.4,
 * §4.5). Part of the one Vista contract (ADR 0076): a field the product
 * declares as "number" or "date" in `LISTING_WIRE_FIELDS` is typed so too.
 */
import { LISTING_WIRE_FIELDS, type VistaFieldKind } from "./fields";

/** The declared kind of a product field, or undefined for a field the product does not declare. */
function declaredKind(name: string): VistaFieldKind | undefined {
  return Object.hasOwn(LISTING_WIRE_FIELDS, name)
    ? LISTING_WIRE_FIELDS[name as keyof typeof LISTING_WIRE_FIELDS].kind
    : undefined;
}

const NUMERIC_EXTRA = new Set([
  "Dormitorios",
  "Suites",
  "Vagas",
  "VagasCobertas",
  "VagasDescobertas",
  "TotalBanheiros",
  "BanheiroSocialQtd",
  "Salas",
  "QtdVarandas",
  "Latitude",
  "Longitude",
  "GMapsLatitude",
  "GMapsLongitude",
  "Andares",
  "AndarDoApto",
  "AnoConstrucao",
  "AptosAndar",
  "AptosEdificio",
  "Elevadores",
  "Fci",
  "SeguroIncendio",
  "IdadeDoImovel",
  "Pavimentos",
  "Closets",
  "LojasEdificio",
  "SalasEdificio",
  "EstacionamentoVagas",
  "PercentualComissao",
  "TotalComissao",
  "SaldoDivida",
  "Prestacao",
  "MesConstrucao",
  "QTDGalpoes",
  "QntDormitoriosPermuta",
  "QntGaragensPermuta",
  "QntSuitesPermuta",
  "LivingAmbientes",
  "PotenciaKVA",
  "Frente",
  "Fundos",
  "ImagemCodigo",
  "Ordem",
  "Distancia",
]);

/**
 * True for numeric fields: two-element arrays are inclusive ranges and order is
 * numeric (docs/vista-api.md §3.2 "Ambiguity in two-element arrays" [INF]).
 */
export function isNumericField(name: string): boolean {
  return /^(Valor|Area)/.test(name) || NUMERIC_EXTRA.has(name) || declaredKind(name) === "number";
}

/** True for date/date-time fields ("YYYY-MM-DD", compared as text, docs/vista-api.md §4.5). */
export function isDateField(name: string): boolean {
  return (
    /^Data/.test(name) ||
    name === "InicioObra" ||
    name === "Datainicio" ||
    name === "Datacadastro" ||
    declaredKind(name) === "date"
  );
}
