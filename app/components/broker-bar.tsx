/**
 * The signed-in state in the site header (docs/product.md "Broker area"): a slim bar above the main bar
 * with the user's name and role, links to the areas the role may use
 * ("Painel" for brokers and for admins with a Vista broker code,
 * "Administração" for admins) and "Sair" (a
 * plain form POST to `/login-corretores/sair`, so it works without
 * JavaScript). Renders nothing for anonymous visitors, whose pages may be
 * cached publicly (a page with the bar is `private, no-store`: root loader).
 */
import { Link } from "@remix-run/react";
import { ROLE_DEFINITIONS } from "~/lib/auth";
import { useOptionalRootData } from "~/lib/root-data";
import { container } from "~/styles/ui.css";
import * as styles from "./broker-bar.css";
import { ADMIN_PATH, LOGOUT_PATH, PANEL_PATH } from "~/lib/paths";

/** The bar, or null when nobody is signed in. */
export function BrokerBar() {
  const user = useOptionalRootData()?.user ?? null;
  if (!user) return null;
  return (
    <div className={styles.bar} data-testid="barra-corretor">
      <div className={`${container} ${styles.inner}`}>
        <span className={styles.who} title={user.email}>
          {[user.displayName || user.email, ROLE_DEFINITIONS[user.role].label]
            .filter((part, index, parts) => parts.indexOf(part) === index)
            .join(" · ")}
        </span>
        <nav aria-label="Áreas restritas" className={styles.areas}>
          {user.role !== "admin" || user.brokerCode ? (
            <Link to={PANEL_PATH} className={styles.link}>
              Painel
            </Link>
          ) : null}
          {user.role === "admin" ? (
            <Link to={ADMIN_PATH} className={styles.link}>
              Administração
            </Link>
          ) : null}
        </nav>
        <form method="post" action={LOGOUT_PATH}>
          <button type="submit" className={styles.signOut}>
            Sair
          </button>
        </form>
      </div>
    </div>
  );
}
