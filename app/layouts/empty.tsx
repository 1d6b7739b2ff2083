/**
 * Layout "empty" (docs/spec.txt §2): /login-corretores and its password reset. No site
 * navigation: the logo (linking home) above a narrow centred column and the
 * copyright line.
 */
import { Link, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary, MAIN_CONTENT_ID } from "~/components/error-screen";
import { Logo } from "~/components/logo";
import { useRootData } from "~/lib/root-data";
import * as styles from "./layouts.css";

function EmptyChrome({ children }: { children: ReactNode }) {
  const { theme, year } = useRootData();
  return (
    <div className={styles.emptyPage}>
      <Link to="/" className={styles.emptyHome} aria-label={`${theme.title} – página inicial`}>
        <Logo title={theme.title} agencyName={theme.agencyName} horizontalUrl={theme.logos.horizontal} />
      </Link>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.emptyMain}>
        {children}
      </main>
      <footer className={styles.emptyFooter}>
        © {year} {theme.title}
      </footer>
    </div>
  );
}

/** Minimal chrome around the matched page. */
export default function EmptyLayout() {
  return (
    <EmptyChrome>
      <Outlet />
    </EmptyChrome>
  );
}

/** Error screen inside the minimal chrome. */
export function ErrorBoundary() {
  return (
    <EmptyChrome>
      <GeneralErrorBoundary />
    </EmptyChrome>
  );
}
