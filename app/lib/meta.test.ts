import { describe, expect, it } from "vitest";
import { pageMeta } from "./meta";

const image = "https://example.com/i.jpg";
const base = { title: "Casas | Site", description: "Casas à venda.", canonicalUrl: "https://example.com/casas" };

describe("pageMeta", () => {
  it("lists title, description, canonical, Open Graph and a summary card without an image", () => {
    expect(pageMeta(base)).toEqual([
      { title: base.title },
      { name: "description", content: base.description },
      { tagName: "link", rel: "canonical", href: base.canonicalUrl },
      { property: "og:type", content: "website" },
      { property: "og:title", content: base.title },
      { property: "og:description", content: base.description },
      { property: "og:url", content: base.canonicalUrl },
      { name: "twitter:card", content: "summary" },
    ]);
  });

  it("adds og:image and a large card when there is an image", () => {
    const tags = pageMeta({ ...base, image });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags.at(-1)).toEqual({ property: "og:image", content: image });
    expect(tags.some((tag) => "name" in tag && String(tag.name).startsWith("twitter:image"))).toBe(false);
  });

  it("uses the social title and Twitter tags for detail pages, image tags last", () => {
    const tags = pageMeta({
      ...base,
      socialTitle: "Casas",
      image,
      imageWidth: 1280,
      imageAlt: "Fachada",
      twitter: true,
    });
    expect(tags[0]).toEqual({ title: "Casas | Site" });
    expect(tags).toContainEqual({ property: "og:title", content: "Casas" });
    expect(tags.slice(-6)).toEqual([
      { name: "twitter:title", content: "Casas" },
      { name: "twitter:description", content: base.description },
      { property: "og:image", content: image },
      { property: "og:image:width", content: "1280" },
      { property: "og:image:alt", content: "Fachada" },
      { name: "twitter:image", content: image },
    ]);
  });

  it("treats a null image as none", () => {
    const tags = pageMeta({ ...base, image: null, imageWidth: 1280, twitter: true });
    expect(tags.filter((tag) => "property" in tag && String(tag.property).startsWith("og:image"))).toEqual([]);
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
  });
});

describe("catalogueUpdatingMeta", () => {
  it("keeps the page out of the index while the catalogue fills, with its canonical link", async () => {
    const { catalogueUpdatingMeta } = await import("./meta");
    expect(catalogueUpdatingMeta("Imóveis | Site", "https://site.test/todos-os-imoveis")).toEqual([
      { title: "Imóveis | Site" },
      { name: "robots", content: "noindex" },
      { tagName: "link", rel: "canonical", href: "https://site.test/todos-os-imoveis" },
    ]);
  });
});

describe("adminMeta", () => {
  it("titles an admin page after the area and keeps it out of the index", async () => {
    const { adminMeta } = await import("./meta");
    expect(adminMeta("Financiamento")).toEqual([
      { title: "Financiamento | Administração" },
      { name: "robots", content: "noindex" },
    ]);
  });
});
