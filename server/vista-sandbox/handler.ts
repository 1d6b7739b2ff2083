/**
 * The Vista-compatible HTTP API of the sandbox, following the checklist of
 * docs/vista-api.md §8: exact routes and casing, 404/405 in Symfony's words, the
 * key check with the `Permissão Negada` body, `Accept: application/json`,
 * `pesquisa` parsing and field validation with Vista's 400 bodies, the
 * 50-per-page limit, keyed objects, strings everywhere, `[]` for empty
 * sub-tables, `showtotal` counters, `POST /lead`, and fault injection. Plus a
 * test surface under `/__sandbox/` that is NOT part of Vista's API.
 *
 * The endpoints are a route table (`routes/table.ts`: path → small handler);
 * `dispatch.ts` applies Vista's checks around them.
 */
import { loadCatalogue } from "./catalogue";
import { createDispatcher } from "./dispatch";
import {
  SANDBOX_KEY,
  type SandboxKeyPolicy,
  type VistaSandboxControls,
  type VistaSandboxHandler,
  type VistaSandboxOptions,
} from "./options";
import { PhotoStore } from "./photos";
import type { ResolvedPolicy } from "./routes/context";
import { SandboxState } from "./state";

export { SANDBOX_KEY } from "./options";
export type { SandboxKeyPolicy, VistaSandboxControls, VistaSandboxHandler, VistaSandboxOptions } from "./options";

function resolvePolicy(policy: SandboxKeyPolicy): ResolvedPolicy {
  return {
    methods: policy.methods === undefined || policy.methods === "*" ? "*" : new Set(policy.methods),
    deniedMethods: new Set(policy.deniedMethods ?? []),
    permissions: { deniedFields: new Set(policy.deniedFields ?? []) },
  };
}

/**
 * Creates the sandbox request listener (usable with `http.createServer`, or
 * mounted in Express: routing uses `req.url`, which Express makes relative to
 * the mount path).
 * @throws {Error} when the data set cannot be read or parsed (first call builds the catalogue).
 */
export async function createVistaSandboxHandler(options: VistaSandboxOptions): Promise<VistaSandboxHandler> {
  const catalogue =
    options.catalogue ?? loadCatalogue({ hiddenShare: options.hiddenShare, multiply: options.multiply });
  const state = new SandboxState(catalogue);

  const policies = new Map<string, ResolvedPolicy>();
  policies.set(SANDBOX_KEY, resolvePolicy({ deniedMethods: ["corretores/listar", "imoveis/fotos"] }));
  for (const [key, policy] of Object.entries(options.keys ?? {})) policies.set(key, resolvePolicy(policy));

  const listener = createDispatcher({
    services: { state, catalogue, siteUrl: options.siteUrl ?? "http://localhost:3000" },
    photos: new PhotoStore(options.dataDir),
    policies,
    publicBaseUrl: options.publicBaseUrl,
    agencyName: options.agencyName ?? "Horizonte",
    requireAccept: options.requireAcceptJson ?? true,
    maxUrlLength: options.maxUrlLength ?? 8192,
    log: options.log,
  });

  const controls: VistaSandboxControls = {
    key: SANDBOX_KEY,
    touch: (codes) => state.touch(codes),
    remove: (codes) => state.remove(codes),
    hide: (codes) => state.hide(codes),
    patch: (codes, fields) => state.patch(codes, fields),
    setFaults: (faults) => {
      state.faults = faults ? { ...faults } : null;
    },
    leads: () => [...state.leads],
    stats: () => state.stats(),
    listing: (code) => state.get(code),
    reset: () => state.reset(),
  };
  return Object.assign(listener, controls);
}
