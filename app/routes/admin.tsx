/**
 * `/admin` (docs/spec.txt §2, layout "admin", admin middleware): the admin
 * home with a card per section of `ADMIN_SECTIONS` (Leads also shows the
 * number of new ones). Admin only; never cached.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth";
import { countNewLeads } from "~/.server/leads/inbox";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { ADMIN_SECTIONS } from "~/lib/admin";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { ADMIN_LEADS_PATH } from "~/lib/paths";

/** Guard (admin), then the number of new leads. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "admin");
  return json({ name: user.displayName || user.email, newLeads: await countNewLeads() }, { headers: privatePage() });
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [{ title: "Administração" }, { name: "robots", content: "noindex" }];

/** The admin home. */
export default function AdminHome() {
  const { name, newLeads } = useLoaderData<typeof loader>();
  return (
    <div className={s.page}>
      <AdminNav />
      <header>
        <h1 className={s.title}>Administração</h1>
        <p className={s.muted}>Olá, {name}. Escolha uma área.</p>
      </header>
      <ul className={s.cards}>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.path} className={s.card}>
            <Link to={section.path} className={s.cardLink}>
              {section.label}
            </Link>
            <p className={s.muted}>{section.description}</p>
            {section.path === ADMIN_LEADS_PATH ? (
              <p className={s.muted}>
                {newLeads === 0
                  ? "Nenhum contato novo."
                  : newLeads === 1
                    ? "1 contato novo."
                    : `${newLeads} contatos novos.`}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
