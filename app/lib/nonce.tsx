/**
 * The request's Content-Security-Policy nonce for Remix's inline scripts
 * (`<Scripts>`, `<ScrollRestoration>`). The server puts it in the load
 * context (`server/remix-handler.ts`) and `entry.server.tsx` provides it; in
 * the browser it is "" (browsers hide nonce attributes from scripts, and
 * hydration ignores the attribute).
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** Provides the nonce to the document (server render only). */
export const NonceProvider = NonceContext.Provider;

/** The current request's nonce, or "" in the browser. */
export function useNonce(): string {
  return useContext(NonceContext);
}
