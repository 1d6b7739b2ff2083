/**
 * Layout "admin" (docs/spec.txt §2): the admin area (/admin; each page's
 * loader guards it with `requireRole(request, "admin")`, the admin middleware of
 * docs/spec.txt §2). A dark bar with the agency's mark, the "Administração"
 * badge and a way back to the public site; the pages bring their own
 * navigation (`AdminNav`).
 */
import { Link, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary, MAIN_CONTENT_ID } from "~/components/error-screen";
import { ArrowLeftIcon } from "~/components/icons";
import { LogoMark } from "~/components/logo";
import { useRootData } from "~/lib/root-data";
import { container } from "~/styles/ui.css";
import * as styles from "./layouts.css";

function AdminChrome({ children }: { children: ReactNode }) {
  const { theme } = useRootData();
  return (
    <div className={styles.adminPage}>
      <header className={styles.adminBar}>
        <div className={`${container} ${styles.adminBarInner}`}>
          <span className={styles.adminBrand}>
            <LogoMark />
            <span className={styles.adminBrandText}>{theme.title}</span>
            <span className={styles.adminBadge}>Administração</span>
          </span>
          <Link to="/" className={styles.adminSiteLink}>
            <ArrowLeftIcon size={16} />
            Ver o site
          </Link>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${container} ${styles.adminMain}`}>
        {children}
      </main>
    </div>
  );
}

/** Admin chrome around the matched page. */
export default function AdminLayout() {
  return (
    <AdminChrome>
      <Outlet />
    </AdminChrome>
  );
}

/** Error screen inside the admin chrome. */
export function ErrorBoundary() {
  return (
    <AdminChrome>
      <GeneralErrorBoundary />
    </AdminChrome>
  );
}
