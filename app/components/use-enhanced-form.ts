import { startTransition, useCallback, useEffect, useState } from "react";

/** What {@link useEnhancedForm} returns. */
export interface EnhancedForm {
  /** True once hydrated: the form posts through a fetcher and says so (`LEAD_FORM_FIELDS.enhanced`). */
  enhanced: boolean;
  /** The idempotency key to post (ADR 0015): the loader's until hydration, then one per request. */
  idempotencyKey: string;
  /** Draws a fresh key, after a request was accepted. */
  renewKey(): void;
}

/**
 * The progressive-enhancement state the public forms share (lead and alert
 * forms, ADR 0015): the server-rendered form posts the loader's
 * `initialKey`; once hydrated, the form is marked enhanced and gets a key
 * of its own. That update is a transition, so React renders the form again
 * in short tasks rather than in one long one with the page's other updates
 * after hydration (docs/decisions/0052-map-work-in-short-tasks.md).
 */
export function useEnhancedForm(initialKey: string): EnhancedForm {
  const [enhanced, setEnhanced] = useState(false);
  const [idempotencyKey, setKey] = useState(initialKey);
  useEffect(() => {
    startTransition(() => {
      setEnhanced(true);
      setKey(crypto.randomUUID());
    });
  }, []);
  const renewKey = useCallback(() => setKey(crypto.randomUUID()), []);
  return { enhanced, idempotencyKey, renewKey };
}
