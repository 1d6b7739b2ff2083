/**
 * Layout "default" (docs/spec.txt §2): the public site — header with logo and main
 * navigation, the page, footer. Its error boundary keeps the header and
 * footer around the error screen (404 for unmatched paths, docs/spec.txt §2).
 */
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-screen";
import { SiteShell, siteShellLinks } from "~/components/site-shell";
import { useRootData } from "~/lib/root-data";

/** The first frame waits for the whole header (see `siteShellLinks`). */
export const links = siteShellLinks;

/** Public page chrome around the matched page. */
export default function DefaultLayout() {
  const { theme, year } = useRootData();
  return (
    <SiteShell theme={theme} year={year}>
      <Outlet />
    </SiteShell>
  );
}

/** Error screen inside the public chrome. */
export function ErrorBoundary() {
  const { theme, year } = useRootData();
  return (
    <SiteShell theme={theme} year={year}>
      <GeneralErrorBoundary />
    </SiteShell>
  );
}
