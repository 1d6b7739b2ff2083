/**
 * The broker's credential line of an ad (ADR 0085): Resolução COFECI
 * 1.065/2007 asks every ad (sites included) to show the name of whoever holds
 * the intermediation followed by the expression "Corretor de Imóveis" and the
 * registration number preceded by "CRECI"; for a legal entity, its name and
 * the number with the letter "J". When the site knows no CRECI of the broker,
 * the agency (the legal entity that holds the listing) is named with its own
 * CRECI. Pure; shared by the broker card, `/membro/{slug}` and `/corretor/{filtro}`.
 */

/** Who a credential line names. */
export interface BrokerCredentialInput {
  /** The broker's full name (a member's, else Vista's). */
  name: string;
  /** The broker's CRECI as stored ("123456-F", "CRECI 123456-F", "CRECI/SP 123456-F"), "" or null when unknown. */
  creci?: string | null;
  /**
   * The member's job title ("Corretora", "Gerente comercial"): only used to
   * say "Corretora de Imóveis" for a title in the feminine; the expression
   * the resolution names, "Corretor de Imóveis", otherwise.
   */
  title?: string | null;
  /** The agency named when the broker has no CRECI on file (the agency profile's trade name and CRECI). */
  agency?: { name: string; creci: string | null } | null;
}

/** The parts of a credential line, for pages that show the name on its own line. */
export interface BrokerCredentialParts {
  name: string;
  /** "Corretora de Imóveis" / "Corretor de Imóveis" with the broker's own CRECI; the agency's name with the agency's; null with neither. */
  role: string | null;
  /** "CRECI 123456-F" (the broker's) or "CRECI 12345-J" (the agency's), or null. */
  registration: string | null;
  /** Whose registration it is. */
  holder: "broker" | "agency" | null;
}

/**
 * A stored CRECI as shown: "CRECI " then the number, keeping a region given as
 * "CRECI/SP"; a leading "CRECI", ":" or "nº" typed by an admin is not repeated.
 * "" (nothing to show) for blank input.
 */
export function formatCreci(value: string | null | undefined): string {
  const text = (value ?? "").trim().replace(/\s+/g, " ");
  const match = /^creci(?:\s*[-/]\s*([a-z]{2})\b)?\s*(?:n[º°o.]*\s*)?[:.-]?\s*/i.exec(text);
  const region = match?.[1] ? `/${match[1].toUpperCase()}` : "";
  const number = (match ? text.slice(match[0].length) : text).trim();
  return number ? `CRECI${region} ${number}` : "";
}

/** "Corretora de Imóveis" for a feminine title ("Corretora", "Gerente e corretora"), else "Corretor de Imóveis". */
function roleOf(title: string | null | undefined): string {
  return /\bcorretora\b/i.test(title ?? "") ? "Corretora de Imóveis" : "Corretor de Imóveis";
}

/** The name, the role and the registration of a credential line (see {@link formatBrokerCredential}). */
export function brokerCredentialParts(input: BrokerCredentialInput): BrokerCredentialParts {
  const name = input.name.trim();
  const own = formatCreci(input.creci);
  if (own) return { name, role: roleOf(input.title), registration: own, holder: "broker" };
  const agencyCreci = formatCreci(input.agency?.creci);
  const agencyName = input.agency?.name.trim() ?? "";
  if (agencyCreci) return { name, role: agencyName || null, registration: agencyCreci, holder: "agency" };
  return { name, role: null, registration: null, holder: null };
}

/**
 * "Camila Rodrigues Moreira · Corretora de Imóveis · CRECI 123456-F"; without
 * the broker's CRECI "Camila · Imobiliária Exemplo · CRECI 12345-J" (the
 * agency's); with neither, the name alone.
 */
export function formatBrokerCredential(input: BrokerCredentialInput): string {
  const parts = brokerCredentialParts(input);
  return [parts.name, parts.role, parts.registration].filter(Boolean).join(" · ");
}

/** The line under a broker's name on a card: "Corretora de Imóveis · CRECI 123456-F" (no name), "" with no CRECI at all. */
export function brokerCredentialLine(input: BrokerCredentialInput): string {
  const parts = brokerCredentialParts(input);
  return [parts.role, parts.registration].filter(Boolean).join(" · ");
}

/**
 * How the public site shows the broker of a listing or a portfolio (ADR
 * 0085): the team member's identity when an active member carries the Vista
 * broker code, else the Vista broker's.
 */
export interface BrokerFace {
  /** The member's full name, else Vista's name. */
  name: string;
  /**
   * The photo: a member's `/arquivos/…` path (`local`, served as stored), or
   * Vista's photo URL (drawn through the image route); null without one.
   */
  photo: { src: string; local: boolean } | null;
  /** The credential line under the name ({@link brokerCredentialLine}), "" when there is no CRECI at all. */
  credential: string;
  /** The full credential ({@link formatBrokerCredential}), for alt texts and descriptions. */
  credentialText: string;
  /** `/membro/{slug}` for a member, the broker's `/corretor/{…}` page otherwise, null when there is none. */
  path: string | null;
  /** Whether the face is a team member's. */
  member: boolean;
}
