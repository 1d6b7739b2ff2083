/**
 * Vista's enumerations, limits and fixed texts: flag spellings, listing
 * statuses, the counters of a paged answer, the page-size limit, the media
 * sub-tables and the error messages the client recognises and the sandbox and
 * the test doubles send (docs/vista-api.md §3.5, §3.6, §4.5, §5.2). Part of the
 * one Vista contract (ADR 0076).
 */

/** The "yes" of a Vista flag (docs/vista-api.md §4.5). */
export const VISTA_YES = "Sim";
/** The "no" of a Vista flag as Vista writes it (some tenants also send "Não", docs/vista-api.md §4.5). */
export const VISTA_NO = "Nao";

/** A boolean as a Vista flag: "Sim" or "Nao". */
export function vistaFlag(value: boolean): "Sim" | "Nao" {
  return value ? VISTA_YES : VISTA_NO;
}

/** `Status` values of listings on the market, the ones `listar` returns without `showInternal` (docs/vista-api.md §6.1, §8.7). */
export const ACTIVE_STATUSES: ReadonlySet<string> = new Set(["Venda", "Aluguel", "Venda e Aluguel"]);

/**
 * The `Status` values under each purpose, as `/imoveis/finalidades?allStatus=1`
 * lists them (docs/vista-api.md §2.1): on the market first, then off it.
 */
export const PURPOSE_STATUSES: Readonly<Record<"Venda" | "Aluguel", readonly string[]>> = {
  Venda: ["Venda", "Venda e Aluguel", "Vendido", "Vendido Terceiros", "Reservado", "Suspenso"],
  Aluguel: ["Aluguel", "Venda e Aluguel", "Alugado Imobiliária", "Alugado Terceiros", "Pendente", "Suspenso"],
};

/** The counters Vista sends beside the items of a page with `showtotal=1` (docs/vista-api.md §3.6), in its order. */
export const VISTA_COUNTER_KEYS = ["total", "paginas", "pagina", "quantidade"] as const;

/** Largest `paginacao.quantidade` Vista accepts (docs/vista-api.md §3.5). */
export const VISTA_MAX_PAGE_SIZE = 50;

/** The media sub-tables: `detalhes` only, `listar` refuses them (docs/vista-api.md §3.1). */
export const VISTA_MEDIA_TABLES: readonly string[] = ["Foto", "Video", "Anexo", "FotoEmpreendimento"];

/** "O formato dos dados não está correto" (docs/vista-api.md §5.2): malformed `pesquisa`, missing `fields` on `detalhes`. */
export const FORMAT_MESSAGE = "O formato dos dados não está correto";
/** Page size above 50 (docs/vista-api.md §3.5). */
export const PAGE_SIZE_MESSAGE = "O limite de resultados por página deve ser 50";
/** `detalhes` / `prontuario` for a code the key cannot see (docs/vista-api.md §5.2). */
export const NOT_FOUND_MESSAGE = "O imóvel solicitado não foi encontrado.";

/** The 400 line for one rejected field (docs/vista-api.md §5.2, one entry per field). */
export function fieldMessage(name: string): string {
  return `Campo ${name} não está disponível. Consulte a documentação para obter os campos disponíveis.`;
}

/** The 400 message for a sub-table the method does not serve (docs/vista-api.md §3.1). */
export function tableMessage(name: string): string {
  return `A tabela ${name} não está disponível para este método`;
}

/** The 401 message for a bad key or a method the key may not call; it echoes the key (docs/vista-api.md §5.2). */
export function permissionDeniedMessage(key: string, method: string): string {
  return `Permissão Negada: "${key}" Método: ${method}`;
}
