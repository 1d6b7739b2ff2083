/**
 * The chrome of the public layouts: skip link, {@link SiteHeader}, the main
 * area (`#main-content`, the skip link's target) and {@link SiteFooter}. Used by
 * `layouts/default.tsx`, `layouts/about.tsx` and the error boundaries, so an
 * error page keeps the site's header and footer.
 */
import type { LinkDescriptor } from "@remix-run/node";
import type { ReactNode } from "react";
import type { PublicTheme } from "~/lib/theme";
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

/**
 * The `links` of a layout that renders {@link SiteShell}: a render-blocking
 * `<link rel="expect">` (HTML Standard, "Link type expect") on the main area,
 * which comes right after the site header, so the browser's first frame waits
 * until the whole header is parsed. Without it, a parser that yields inside
 * the header (a busy phone, the document arriving in several packets) paints
 * the bar with only its first items: the search icon, pushed to the end of the
 * bar by its auto margin, jumps left when the navigation arrives, a layout
 * shift on the first load (docs/decisions/0056-no-half-parsed-frames.md). Chromium ends the wait when the main
 * element is inserted; the standard's wording (the element parsed to its end
 * tag) would wait for the main area too, which still paints nothing half
 * done. Browsers without the link type ignore it.
 */
export function siteShellLinks(): LinkDescriptor[] {
  // `blocking` is not in React 18's or Remix's link types; React writes it as it is.
  return [{ rel: "expect", href: `#${MAIN_CONTENT_ID}`, blocking: "render" } as LinkDescriptor];
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
