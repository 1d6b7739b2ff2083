/**
 * Layout "about" (docs/spec.txt §2): /sobre and /membro/{id}. The public chrome with
 * the brand's light tint behind the page, setting the agency's institutional
 * pages apart from the catalogue.
 */
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { SiteShell, siteShellLinks } from "~/components/site-shell";
import { useRootData } from "~/lib/root-data";

/** The first frame waits for the whole header (see `siteShellLinks`). */
export const links = siteShellLinks;

/** Institutional page chrome around the matched page. */
export default function AboutLayout() {
  const { theme, year } = useRootData();
  return (
    <SiteShell theme={theme} year={year} tone="light">
      <Outlet />
    </SiteShell>
  );
}

/** Error screen inside the public chrome. */
export function ErrorBoundary() {
  const { theme, year } = useRootData();
  return (
    <SiteShell theme={theme} year={year} tone="light">
      <GeneralErrorBoundary />
    </SiteShell>
  );
}
