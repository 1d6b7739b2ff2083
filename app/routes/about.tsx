/**
 * `/sobre` (docs/spec.txt §2, layout "about"; docs/product.md "the agency
 * and its active team members"): the agency's text — the site title and the
 * description of the appearance settings (ADR 0019: one text the admin already
 * edits) — and the active members in the admin's order, each linking to
 * `/membro/{slug}`; the agency's data from the agency profile
 * (`/admin/imobiliaria`: razão social, CNPJ, address, contacts, opening
 * hours) and its schema.org `RealEstateAgent` JSON-LD. Public and cacheable;
 * member and agency changes empty the page cache.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { siteOrigin } from "~/.server/origin";
import { getAgencyProfile } from "~/.server/agency";
import { getDb } from "~/.server/db";
import { publicMembers } from "~/.server/members";
import { storedFilePath } from "~/.server/storage";
import { getTheme } from "~/.server/theme";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { JsonLd } from "~/components/json-ld";
import { agencyJsonLd } from "~/lib/json-ld";
import { MemberPortrait } from "~/components/member-portrait";
import { addressLines, formatOpeningHoursLine } from "~/lib/agency";
import { formatPhone } from "~/lib/phone";
import { memberPath } from "~/lib/paths";
import { pageMeta } from "~/lib/meta";
import { ABOUT_PATH, LISTINGS_PATH } from "~/lib/paths";
import { container } from "~/styles/ui.css";
import * as s from "./team.css";

/** The agency text and the active members. */
export async function loader({ request }: LoaderFunctionArgs) {
  const theme = getTheme();
  const origin = siteOrigin(request);
  const [rows, agency] = await Promise.all([publicMembers(getDb().db), getAgencyProfile()]);
  return data(
    {
      title: theme.title,
      description: theme.description,
      creci: agency.creci ?? theme.creci,
      canonicalUrl: `${origin}${ABOUT_PATH}`,
      agency: {
        legalName: agency.legalName,
        cnpj: agency.cnpj,
        address: addressLines(agency),
        phone: agency.phone ? formatPhone(agency.phone) : null,
        email: agency.email,
        hours: agency.openingHours.map(formatOpeningHoursLine),
      },
      jsonLd: agencyJsonLd({
        agency,
        url: `${origin}/`,
        logo: new URL(theme.logos.square, `${origin}/`).href,
        description: theme.description,
      }),
      members: rows.map((m) => ({
        slug: m.slug,
        name: m.name,
        title: m.title,
        creci: m.creci,
        photoUrl: m.photoKey ? storedFilePath(m.photoKey) : null,
      })),
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}

/** Public page cache policy. */
export const headers = publicPageHeaders;

/** Title, description and canonical. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta({ title: `Sobre nós | ${data.title}`, description: data.description, canonicalUrl: data.canonicalUrl })
    : [{ title: "Sobre nós" }];

/** The about page. */
export default function AboutPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${s.page}`}>
      <JsonLd data={data.jsonLd} />
      <header>
        <h1 className={s.title}>Sobre a {data.title}</h1>
      </header>
      <p className={s.prose}>{data.description}</p>
      {data.creci ? <p className={s.muted}>{data.creci}</p> : null}
      <section aria-labelledby="dados-imobiliaria" data-testid="dados-imobiliaria">
        <h2 id="dados-imobiliaria" className={s.sectionTitle}>
          Dados da imobiliária
        </h2>
        <address className={s.agency}>
          <span>{data.agency.legalName}</span>
          {data.agency.cnpj ? <span>CNPJ {data.agency.cnpj}</span> : null}
          {data.agency.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
          {data.agency.phone ? <span>Telefone: {data.agency.phone}</span> : null}
          {data.agency.email ? (
            <span>
              E-mail: <a href={`mailto:${data.agency.email}`}>{data.agency.email}</a>
            </span>
          ) : null}
          {data.agency.hours.length ? <span>Atendimento: {data.agency.hours.join("; ")}</span> : null}
        </address>
      </section>
      <section aria-labelledby="equipe">
        <h2 id="equipe" className={s.sectionTitle}>
          Nossa equipe
        </h2>
        {data.members.length ? (
          <ul className={s.team}>
            {data.members.map((m) => (
              <li key={m.slug} className={s.memberCard} data-testid="membro-equipe">
                <MemberPortrait name={m.name} photoUrl={m.photoUrl} size={320} lazy />
                <Link to={memberPath(m.slug)} className={s.name}>
                  {m.name}
                </Link>
                {m.title ? <p className={s.muted}>{m.title}</p> : null}
                {m.creci ? <p className={s.muted}>CRECI {m.creci}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.muted}>
            Nossos corretores atendem pelo WhatsApp e pelos formulários do site:{" "}
            <Link to="/#quero-vender">quero vender meu imóvel</Link> ou{" "}
            <Link to={LISTINGS_PATH}>ver todos os imóveis</Link>.
          </p>
        )}
      </section>
    </div>
  );
}
