import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Condominium } from "~/domain/condominium";
import type { Listing } from "~/domain/listing";
import { agencyFormSchema, toAgencyProfile } from "~/lib/agency-form";
import { agencyJsonLd, breadcrumbJsonLd, condominiumJsonLd, listingJsonLd } from "~/lib/json-ld";
import { JsonLd, serializeJsonLd } from "./json-ld";

const listing = {
  code: "AP00012",
  title: "Apartamento com 3 quartos em Moema",
  category: "Apartamento",
  salePrice: 950_000,
  rentPrice: 4_200,
  privateArea: 92,
  totalArea: 110,
  builtArea: null,
  bedrooms: 3,
  bathrooms: 2,
  address: "Rua das Flores, 100",
  neighbourhood: "Moema",
  city: "São Paulo",
  state: "SP",
  latitude: -23.601234,
  longitude: -46.665678,
  updatedAt: "2026-09-30",
} as Listing;

describe("listingJsonLd", () => {
  const url = "https://site.test/detalhes/apartamento-moema/AP00012";
  const data = listingJsonLd({
    listing,
    url,
    images: ["https://site.test/imagens?src=x&w=1280"],
    description: "d",
    agencyName: "X",
  });

  it("is a RealEstateListing with one Offer per purpose in BRL", () => {
    expect(data["@type"]).toBe("RealEstateListing");
    expect(data.url).toBe(url);
    const offers = data.offers as Record<string, unknown>[];
    expect(offers).toHaveLength(2);
    expect(offers[0]).toMatchObject({
      "@type": "Offer",
      price: 950_000,
      priceCurrency: "BRL",
      availability: "https://schema.org/InStock",
    });
    expect(offers[1]).toMatchObject({ "@type": "Offer", price: 4_200, priceCurrency: "BRL" });
  });

  it("has the address and an approximate location of the apartment", () => {
    expect(data.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Rua das Flores, 100",
      addressLocality: "Moema, São Paulo",
      addressRegion: "SP",
      addressCountry: "BR",
    });
    const about = data.about as Record<string, unknown>;
    expect(about["@type"]).toBe("Apartment");
    expect(about.geo).toEqual({ "@type": "GeoCoordinates", latitude: -23.601, longitude: -46.666 });
    expect(about.floorSize).toEqual({ "@type": "QuantitativeValue", value: 92, unitCode: "MTK" });
  });

  it("has a single Offer object for a single purpose", () => {
    const sale = listingJsonLd({
      listing: { ...listing, rentPrice: null },
      url,
      images: [],
      description: "",
      agencyName: "X",
    });
    expect((sale.offers as Record<string, unknown>)["@type"]).toBe("Offer");
    expect(sale.image).toBeUndefined();
  });
});

describe("condominium and breadcrumb data", () => {
  it("describes an ApartmentComplex with its amenities", () => {
    const condo = {
      slug: "edificio-aurora",
      infrastructure: ["Piscina", "Academia"],
      name: "Edifício Aurora",
      latitude: null,
      longitude: null,
      neighbourhood: "Moema",
      city: "São Paulo",
      state: "SP",
      address: "",
    } as unknown as Condominium;
    const data = condominiumJsonLd({
      condominium: condo,
      url: "https://s.test/detalhes/edificio-aurora",
      images: [],
      description: "",
      unitCount: 3,
    });
    expect(data["@type"]).toBe("ApartmentComplex");
    expect(data.geo).toBeUndefined();
    expect(data.amenityFeature).toHaveLength(2);
  });

  it("numbers breadcrumb positions from 1", () => {
    const data = breadcrumbJsonLd([{ name: "Início", url: "https://s.test/" }, { name: "Moema" }]);
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Início", item: "https://s.test/" },
      { "@type": "ListItem", position: 2, name: "Moema" },
    ]);
  });
});

describe("JsonLd", () => {
  it("cannot be broken out of by a value containing </script>", () => {
    const evil = { name: "</script><script>alert(1)</script>" };
    const html = renderToString(<JsonLd data={evil} />);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(serializeJsonLd(evil))).toEqual(evil);
  });
});

describe("agencyJsonLd", () => {
  const agency = toAgencyProfile(
    agencyFormSchema.parse({
      legalName: "Horizonte Negócios Imobiliários Ltda.",
      tradeName: "Horizonte",
      cnpj: "11222333000181",
      street: "Rua Harmonia",
      number: "100",
      neighbourhood: "Vila Madalena",
      city: "São Paulo",
      state: "SP",
      postalCode: "05435-000",
      phone: "(11) 3456-7890",
      email: "contato@horizonte.com.br",
      openingHours: "Seg-Sex 9h-18h\nSáb 9h-13h",
      instagram: "https://www.instagram.com/horizonte",
      tiktok: "https://www.tiktok.com/@horizonte",
      leadRetentionMonths: "24",
    }),
  );

  it("is a RealEstateAgent with legal name, CNPJ, address, phone, e-mail, hours and social profiles", () => {
    const data = agencyJsonLd({ agency, url: "https://s.test/", logo: "https://s.test/logo-square.svg" });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "RealEstateAgent",
      "@id": "https://s.test/#imobiliaria",
      name: "Horizonte",
      legalName: "Horizonte Negócios Imobiliários Ltda.",
      taxID: "11.222.333/0001-81",
      telephone: "+551134567890",
      email: "contato@horizonte.com.br",
      sameAs: ["https://www.instagram.com/horizonte", "https://www.tiktok.com/@horizonte"],
    });
    expect(data.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Rua Harmonia, 100",
      addressLocality: "São Paulo",
      addressRegion: "SP",
      postalCode: "05435-000",
      addressCountry: "BR",
    });
    expect(data.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((d) => `https://schema.org/${d}`),
        opens: "09:00",
        closes: "18:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["https://schema.org/Saturday"],
        opens: "09:00",
        closes: "13:00",
      },
    ]);
  });

  it("leaves out what the profile does not have", () => {
    const data = agencyJsonLd({
      agency: {
        ...agency,
        cnpj: null,
        street: null,
        number: null,
        neighbourhood: null,
        city: null,
        state: null,
        postalCode: null,
        phone: null,
        openingHours: [],
        social: {},
      },
      url: "https://s.test/",
    });
    for (const key of ["taxID", "address", "telephone", "openingHoursSpecification", "sameAs", "logo"]) {
      expect(data).not.toHaveProperty(key);
    }
    expect(data.legalName).toBe("Horizonte Negócios Imobiliários Ltda.");
  });
});
