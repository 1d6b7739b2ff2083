/**
 * `/sobre` (docs/spec.txt §2, layout "about"; docs/product.md "the agency
 * and its active team members"): the agency's text — the site title and the
 * description of the appearance settings (ADR 0019: one text the admin already
 * edits) — and the active members in the admin's order, each linking to
 * `/membro/{slug}`. Public and cacheable; member changes empty the page cache.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { siteOrigin } from "~/.server/origin";
import { getDb } from "~/.server/db";
import { publicMembers } from "~/.server/members";
import { storedFilePath } from "~/.server/storage";
import { getTheme } from "~/.server/theme";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/cache-control";
import { MemberPortrait } from "~/components/member-portrait";
import { memberPath } from "~/lib/members";
import { pageMeta } from "~/lib/meta";
import { ABOUT_PATH, LISTINGS_PATH } from "~/lib/paths";
import { container } from "~/styles/ui.css";
import * as s from "./team.css";

/** The agency text and the active members. */
export async function loader({ request }: LoaderFunctionArgs) {
  const theme = getTheme();
  const rows = await publicMembers(getDb().db);
  return json(
    {
      title: theme.title,
      description: theme.description,
      creci: theme.creci,
      canonicalUrl: `${siteOrigin(request)}${ABOUT_PATH}`,
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
      <header>
        <h1 className={s.title}>Sobre a {data.title}</h1>
      </header>
      <p className={s.prose}>{data.description}</p>
      {data.creci ? <p className={s.muted}>{data.creci}</p> : null}
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
