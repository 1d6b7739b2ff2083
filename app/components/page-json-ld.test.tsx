import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageJsonLd, setPageJsonLd } from "~/.server/page-json-ld";
import { PageJsonLd, PageJsonLdProvider } from "./json-ld";

describe("PageJsonLd", () => {
  it("writes the JSON-LD its loader filed under the request's context, escaped, and nothing of another request", () => {
    const context = {};
    setPageJsonLd(context, [{ "@type": "RealEstateListing", name: "</script><b>" }]);
    expect(pageJsonLd({})).toBeNull();
    const html = renderToString(
      <PageJsonLdProvider value={pageJsonLd(context)}>
        <PageJsonLd pageKey="https://site.test/detalhes/x/AP1" />
      </PageJsonLdProvider>,
    );
    expect(html).toBe(
      '<script type="application/ld+json">[{"@type":"RealEstateListing","name":"\\u003c/script\\u003e\\u003cb\\u003e"}]</script>',
    );
  });

  it("writes an empty element without JSON-LD, the element the browser renders", () => {
    expect(renderToString(<PageJsonLd pageKey="k" />)).toBe('<script type="application/ld+json"></script>');
  });
});
