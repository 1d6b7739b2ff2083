/**
 * `/admin/papeis` (issue 6 item 4 "Papéis: the roles and their permissions,
 * read-only"; docs/product.md "Papéis: the roles and what each may do"): each role
 * of the `roles` table with its Portuguese label, its permissions in
 * Portuguese (`PERMISSIONS`) and how many users have it. Admin only; never cached.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { count } from "drizzle-orm";
import { listRoles, requireRole } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { users } from "~/.server/db/schema";
import { AdminNav } from "~/components/admin-nav";
import * as s from "~/components/admin.css";
import { PERMISSIONS, type Permission } from "~/lib/auth";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Guard (admin), then the roles with their permission labels and user counts. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "admin");
  const { db } = getDb();
  const [roles, counts] = await Promise.all([
    listRoles(db),
    db.select({ role: users.role, total: count() }).from(users).groupBy(users.role),
  ]);
  return json(
    {
      roles: roles.map((role) => ({
        name: role.name,
        label: role.label,
        users: counts.find((row) => row.role === role.name)?.total ?? 0,
        permissions: role.permissions.map((key) => ({ key, label: PERMISSIONS[key as Permission] ?? key })),
      })),
    },
    { headers: PRIVATE },
  );
}

/** Never cached. */
export const headers = () => PRIVATE;

/** Title and `noindex`. */
export const meta: MetaFunction = () => [{ title: "Papéis | Administração" }, { name: "robots", content: "noindex" }];

/** The roles page. */
export default function AdminRolesPage() {
  const { roles } = useLoaderData<typeof loader>();
  return (
    <div className={s.page}>
      <AdminNav />
      <header>
        <h1 className={s.title}>Papéis</h1>
        <p className={s.muted}>
          O papel de cada usuário define o que ele pode fazer. Um administrador pode tudo o que um corretor pode. Para
          mudar o papel de alguém, use Usuários.
        </p>
      </header>
      <ul className={s.cards}>
        {roles.map((role) => (
          <li key={role.name} className={s.card} data-testid="papel">
            <h2 className={s.cardLink} style={{ margin: 0 }}>
              {role.label}
            </h2>
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
