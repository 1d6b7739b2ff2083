/**
 * The signed-in state in the site header (docs/product.md "Broker area"): a slim bar above the main bar
 * with the user's name and role, a link to the broker panel and "Sair" (a
 * plain form POST to `/login-corretores/sair`, so it works without
 * JavaScript). Renders nothing for anonymous visitors, whose pages may be
 * cached publicly (a page with the bar is `private, no-store`: root loader).
 */
import { Link } from "@remix-run/react";
import { ROLE_DEFINITIONS } from "~/lib/auth";
import { useOptionalRootData } from "~/lib/root-data";
import { container } from "~/styles/ui.css";
import * as styles from "./broker-bar.css";
import { LOGOUT_PATH, PANEL_PATH } from "~/lib/paths";

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
        <Link to={PANEL_PATH} className={styles.link}>
          Painel
        </Link>
        <form method="post" action={LOGOUT_PATH}>
          <button type="submit" className={styles.signOut}>
            Sair
          </button>
        </form>
      </div>
    </div>
  );
}
