/**
 * The Vista client's public API (`~/.server/vista`): HTTP client, pesquisa
 * builder, the Vista contract (field lists, wire types, enumerations; ADR
 * 0076), typed errors and the adapter to the domain model. Server-only: it
 * handles the Vista key.
 */
export {
  createVistaClient,
  type VistaCallOptions,
  type VistaClient,
  type VistaClientOptions,
  type VistaLeadResult,
  type VistaListProgress,
} from "./client";
export { parseListPage, topLevelKeyOrder, type VistaListPage } from "./list-page";
export {
  normalizePesquisa,
  pesquisa,
  PesquisaBuilder,
  serializePesquisa,
  validatePaginacao,
  VISTA_OPERATORS,
  type ConditionInput,
  type FilterInput,
  type PesquisaInput,
} from "./pesquisa";
export {
  AMENITY_FLAG_FIELDS,
  ATTACHMENT_SUBFIELDS,
  BROKER_SUBFIELDS,
  CODE_ONLY_FIELDS,
  CONDOMINIUM_PHOTO_SUBFIELDS,
  DETAIL_MEDIA_FIELDS,
  fieldNames,
  LISTING_FIELDS,
  LISTING_WIRE_FIELDS,
  OWNER_SUBFIELDS,
  PHOTO_SUBFIELDS,
  PRIVATE_FIELDS,
  VIDEO_SUBFIELDS,
  VISTA_MAX_PAGE_SIZE,
  type VistaFieldKind,
  type VistaFieldUse,
} from "./contract";
export {
  redactSecrets,
  VistaAuthError,
  VistaBadRequestError,
  VistaError,
  vistaErrorFromResponse,
  VistaFieldError,
  VistaNetworkError,
  VistaNotFoundError,
  VistaServerError,
  VistaTimeoutError,
  type VistaErrorContext,
  type VistaErrorKind,
} from "./errors";
export {
  digitsOnly,
  parseCoordinates,
  parseCount,
  parseDate,
  parseFlag,
  parseHttpUrl,
  parseNumber,
  parsePositive,
} from "./adapter-scalars";
export {
  subTableRows,
  toAmenityLabels,
  toAttachments,
  toBroker,
  toCondominiumFromUnit,
  toHistoryEntries,
  toListing,
  toPhotos,
  toPrivateData,
  toVideos,
} from "./adapter";
export { AMENITY_LABELS, humanizeAmenityLabel } from "./amenities";
export type * from "./contract/wire";
export { getVistaTarget, setVistaTarget, type VistaTarget } from "./target";
