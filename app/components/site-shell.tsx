/**
 * The chrome of the public layouts: skip link, {@link SiteHeader}, the main
 * area (`#main-content`, the skip link's target) and {@link SiteFooter}. Used by
 * `layouts/default.tsx`, `layouts/about.tsx` and the error boundaries, so an
 * error page keeps the site's header and footer.
 */
import type { ReactNode } from "react";
import type { PublicTheme } from "~/.server/theme";
import { MAIN_CONTENT_ID } from "./error-screen";
import { SiteFooter } from "./site-footer";
import { useOptionalRootData } from "~/lib/root-data";
import { SiteHeader } from "./site-header";
import * as styles from "./site-shell.css";

/** Props of {@link SiteShell}. */
export interface SiteShellProps {
  theme: PublicTheme;
  /** Copyright year (root loader). */
  year: number;
  /** Background of the main area: white (default) or the brand light tint. */
  tone?: "default" | "light";
  children: ReactNode;
}

/** Header, main content and footer of a public page. */
export function SiteShell({ theme, year, tone = "default", children }: SiteShellProps) {
  const rootData = useOptionalRootData();
  return (
    <div className={styles.page}>
      <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink}>
        Pular para o conteúdo
      </a>
      <SiteHeader theme={theme} whatsapp={rootData?.contact.whatsapp ?? false} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${styles.main} ${styles.tone[tone]}`}>
        {children}
      </main>
      <SiteFooter theme={theme} year={year} agency={rootData?.agency ?? null} />
    </div>
  );
}
