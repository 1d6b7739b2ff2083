/**
 * `POST /lead` and `POST /lead/site` (docs/vista-api.md §2.4, §8.10): the lead
 * as JSON in the form field `cadastro` (or the query string), Vista's checks
 * and messages, and the reply with numeric `Codigo` and `Corretor`.
 */
import { FORMAT_MESSAGE } from "../../../app/.server/vista/contract";
import { VistaHttpError } from "../query";
import { isRecord, readBody, type RouteContext } from "./context";

/**
 * Records a lead and answers as Vista does.
 * @throws {VistaHttpError} 401 without `cadastro`; 400 for bad JSON, no `nome`, neither e-mail nor phone, or a bad e-mail.
 */
export async function lead(ctx: RouteContext, route: string): Promise<unknown> {
  const raw = await readBody(ctx.req);
  const contentType = String(ctx.req.headers["content-type"] ?? "").toLowerCase();
  let cadastro: string | null = null;
  if (contentType.includes("application/x-www-form-urlencoded")) cadastro = new URLSearchParams(raw).get("cadastro");
  cadastro ??= ctx.url.searchParams.get("cadastro");
  if (cadastro === null) throw new VistaHttpError(401, "Você deve informar os dados em json no parâmetro 'cadastro'");
  let data: unknown;
  try {
    data = JSON.parse(cadastro);
  } catch {
    throw new VistaHttpError(400, FORMAT_MESSAGE);
  }
  const leadData = isRecord(data) && isRecord(data.lead) ? data.lead : null;
  if (!leadData) throw new VistaHttpError(400, FORMAT_MESSAGE);
  const nome = typeof leadData.nome === "string" ? leadData.nome.trim() : "";
  if (!nome) throw new VistaHttpError(400, "O campo nome é obrigatório.");
  const email = typeof leadData.email === "string" ? leadData.email.trim() : "";
  const fone =
    typeof leadData.fone === "string" || typeof leadData.fone === "number" ? String(leadData.fone).trim() : "";
  if (!email && !fone) throw new VistaHttpError(400, "Informe o e-mail ou o telefone do cliente.");
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new VistaHttpError(400, "O e-mail informado não é válido.");
  const record = ctx.sandbox.state.recordLead(leadData, route);
  return { status: 200, message: "O cadastro foi encontrado.", Codigo: record.Codigo, Corretor: record.Corretor };
}
