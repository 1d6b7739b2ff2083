/**
 * `/admin/papeis` (read-only; docs/product.md "Papéis: the roles and what
 * each may do"; ADR 0018): each role
 * of the `roles` table with its Portuguese label, its permissions in
 * Portuguese (`PERMISSIONS`) and how many users have it. Admin only; never cached.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { count } from "drizzle-orm";
import { listRoles, requireRole } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { users } from "~/.server/db/schema";
import { AdminPageHeader } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import * as u from "~/components/admin-users.css";
import { PERMISSIONS, type Permission } from "~/lib/auth";
import { privatePage, privatePageHeaders } from "~/lib/cache-control";
import { adminMeta } from "~/lib/meta";

/** Guard (admin), then the roles with their permission labels and user counts. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const { db } = getDb();
  const [roles, counts] = await Promise.all([
    listRoles(db),
    db.select({ role: users.role, total: count() }).from(users).groupBy(users.role),
  ]);
  return data(
    {
      roles: roles.map((role) => ({
        name: role.name,
        label: role.label,
        users: counts.find((row) => row.role === role.name)?.total ?? 0,
        permissions: role.permissions.map((key) => ({ key, label: PERMISSIONS[key as Permission] ?? key })),
      })),
    },
    { headers: privatePage() },
  );
}

/** Never cached. */
export const headers = privatePageHeaders;

/** Title and `noindex`. */
export const meta: MetaFunction = () => adminMeta("Papéis");

/** The roles page. */
export default function AdminRolesPage() {
  const { roles } = useLoaderData<typeof loader>();
  return (
    <div className={s.page}>
      <AdminPageHeader title="Papéis">
        O papel de cada usuário define o que ele pode fazer. Um administrador pode tudo o que um corretor pode. Para
        mudar o papel de alguém, use Usuários.
      </AdminPageHeader>
      <ul className={s.cards}>
        {roles.map((role) => (
          <li key={role.name} className={s.card} data-testid="papel">
            <h2 className={`${s.cardLink} ${u.flush}`}>{role.label}</h2>
            <p className={s.muted}>
              Nome técnico: <code>{role.name}</code> · {role.users === 1 ? "1 usuário" : `${role.users} usuários`}
            </p>
            <ul>
              {role.permissions.map((permission) => (
                <li key={permission.key}>{permission.label}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
