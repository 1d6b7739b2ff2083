import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { thrownOf } from "../../tests/mocks/unit-thrown";
import { action, loader } from "./not-found";

function args(url: string, method = "GET"): LoaderFunctionArgs & ActionFunctionArgs {
  return { request: new Request(url, { method }), params: {}, context: {} };
}

async function thrownBy(run: () => unknown): Promise<Response> {
  return thrownOf(run, Response);
}

describe("routes/not-found (the '*' splat)", () => {
  it.each([
    ["http://site/nao-existe", "/nao-existe"],
    ["http://site/a/b/c/d/e/f/g", "/a/b/c/d/e/f/g"],
    ["http://site/im%C3%B3veis/s%C3%A3o-paulo?x=1#y", "/im%C3%B3veis/s%C3%A3o-paulo"],
    ["http://site/%E0%A4%A", "/%E0%A4%A"],
    ["http://site/a%2Fb/..%2F..%2Fetc", "/a%2Fb/..%2F..%2Fetc"],
    ["http://site/<script>alert(1)</script>", "/%3Cscript%3Ealert(1)%3C/script%3E"],
    ["http://site/açaí com espaço", "/a%C3%A7a%C3%AD%20com%20espa%C3%A7o"],
  ])("answers 404 'Page Not Found: {path}' for %s", async (url, path) => {
    const response = await thrownBy(() => loader(args(url)));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(`Page Not Found: ${path}`);
  });

  it("answers 404 to a form posted to an unknown path", async () => {
    const response = await thrownBy(() => action(args("http://site/formulario-antigo", "POST")));
    expect(response.status).toBe(404);
  });
});
