/**
 * Query parameter names that are not the codec's facets but that visitors' URLs carry (the place
 * and purpose words of older links, and a tracking tag), for the query codec's fuzz tests.
 */
export const NON_FACET_PARAMS = ["finalidade", "tipo", "cidade", "bairro", "local", "utm_source"] as const;
