/**
 * Remix's single fetch (`v3_singleFetch` in remix.config.js, ADR 0079) for the
 * types: loaders' data keep what turbo-stream carries (`Date`, `Map`…) in
 * `useLoaderData` and `useFetcher`, as React Router 7 types them.
 */
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
