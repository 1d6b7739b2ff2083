/**
 * How a visit's time is written for people (ADR 0088): always on the São Paulo clock, in pt-BR,
 * e.g. "sexta-feira, 11 de dezembro de 2026 às 10:00".
 */
import { saoPauloFormat } from "./sao-paulo-time";

/** "sexta-feira, 11 de dezembro de 2026" (São Paulo day of the instant). */
export function visitDayText(at: Date): string {
  return saoPauloFormat("pt-BR", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(at);
}

/** "sex., 11/12" — a short day label for the slot groups. */
export function visitShortDayText(at: Date): string {
  return saoPauloFormat("pt-BR", { weekday: "short", day: "2-digit", month: "2-digit" }).format(at);
}

/** "10:00" (São Paulo, 24 h). */
export function visitTimeText(at: Date): string {
  return saoPauloFormat("pt-BR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
}

/** "sexta-feira, 11 de dezembro de 2026 às 10:00". */
export function visitWhenText(at: Date): string {
  return `${visitDayText(at)} às ${visitTimeText(at)}`;
}
