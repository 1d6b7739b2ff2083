/**
 * The broker's panel on a listing page (ADR 0046), shown to a signed-in broker only.
 */
import { type ComponentType, useEffect, useState } from "react";
import { PrivatePanelFrame, PrivatePanelLoading } from "./private-panel-frame";

/**
 * The broker's panel (owner and prontuário) for a signed-in broker: its code,
 * which fetches and shows the private data, is loaded after hydration, so
 * that no visitor's first load carries it (ADR 0046); until then, and without
 * JavaScript, its frame with the link to the private page.
 */
export function BrokerPanel({ code }: { code: string }) {
  const [Panel, setPanel] = useState<ComponentType<{ code: string }> | null>(null);
  useEffect(() => {
    let mounted = true;
    import("./private-listing").then(
      (module) => {
        if (mounted) setPanel(() => module.PrivatePanel);
      },
      () => undefined, // Offline or a new deployment: the link to the private page stays.
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (Panel) return <Panel code={code} />;
  return (
    <PrivatePanelFrame code={code}>
      <PrivatePanelLoading code={code} />
    </PrivatePanelFrame>
  );
}
