/**
 * `GET /api/openapi.json`: the OpenAPI 3 document of the
 * JSON API, generated from the zod schemas (`~/.server/api/openapi`). Public
 * (it holds no data); cached 5 minutes.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/.server/origin";
import { buildOpenApiDocument } from "~/.server/api/openapi";

/** The document. */
export function loader({ request }: LoaderFunctionArgs) {
  return Response.json(buildOpenApiDocument(siteOrigin(request)), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
