import { describe, expect, it } from "vitest";
import { dataRequestRedirect, dataRequestTarget } from "./data-request";
import { buildRuleTable, resolveRedirect } from "./rules";

const table = buildRuleTable([
  { id: "1", fromPath: "/antigo", target: "/todos-os-imoveis", statusCode: 301, active: true },
  { id: "2", fromPath: "/parceiro", target: "https://exemplo.com.br/lp", statusCode: 302, active: true },
  { id: "3", fromPath: "/", target: "/sobre", statusCode: 302, active: true },
]);
const lookup = (pathname: string, search: string) => {
  const result = resolveRedirect(table, pathname, search);
  return result.kind === "redirect" ? result.decision : null;
};
const at = (path: string, method = "GET") => new Request(`http://site.test${path}`, { method });

describe("dataRequestTarget", () => {
  it("reads the page a client data request is for, without Remix's `_routes`", () => {
    expect(dataRequestTarget(at("/a/b.data?x=1&_routes=routes%2Fa"))).toEqual({ pathname: "/a/b", search: "?x=1" });
    expect(dataRequestTarget(at("/_root.data"))).toEqual({ pathname: "/", search: "" });
    expect(dataRequestTarget(at("/a.data", "HEAD"))).toEqual({ pathname: "/a", search: "" });
  });

  it("is null for documents, other methods and paths that only contain `.data`", () => {
    expect(dataRequestTarget(at("/a/b"))).toBeNull();
    expect(dataRequestTarget(at("/a.data", "POST"))).toBeNull();
    expect(dataRequestTarget(at("/a.data/b"))).toBeNull();
  });
});

describe("dataRequestRedirect", () => {
  it("answers an internal rule with a redirect the router follows (query kept)", () => {
    const response = dataRequestRedirect(at("/antigo.data?utm_source=jornal&_routes=root"), lookup)!;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/todos-os-imoveis?utm_source=jornal");
    expect(response.headers.get("X-Remix-Reload-Document")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("makes an external target a full page navigation", () => {
    const response = dataRequestRedirect(at("/parceiro.data"), lookup)!;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://exemplo.com.br/lp");
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  it("reads `/_root.data` as the home page", () => {
    expect(dataRequestRedirect(at("/_root.data"), lookup)?.headers.get("Location")).toBe("/sobre");
  });

  it("leaves other requests to the loaders' answer", () => {
    expect(dataRequestRedirect(at("/outro.data"), lookup)).toBeNull();
    expect(dataRequestRedirect(at("/antigo"), lookup)).toBeNull();
    expect(dataRequestRedirect(at("/antigo.data", "POST"), lookup)).toBeNull();
  });
});
