/**
 * The Vista client's public API (`~/.server/vista`): HTTP client, pesquisa
 * builder, field lists, typed errors, wire types and the adapter to the domain
 * model. Server-only: it handles the Vista key.
 */
export {
  createVistaClient,
  parseListPage,
  topLevelKeyOrder,
  type VistaCallOptions,
  type VistaClient,
  type VistaClientOptions,
  type VistaListPage,
  type VistaLeadResult,
  type VistaLeadWire,
  type VistaListProgress,
} from "./client";
export {
  normalizePesquisa,
  pesquisa,
  PesquisaBuilder,
  serializePesquisa,
  validatePaginacao,
  VISTA_MAX_PAGE_SIZE,
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
  PHOTO_SUBFIELDS,
  PRIVATE_FIELDS,
  VIDEO_SUBFIELDS,
} from "./fields";
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
export type * from "./wire";
export { getVistaTarget, setVistaTarget, type VistaTarget } from "./target";
