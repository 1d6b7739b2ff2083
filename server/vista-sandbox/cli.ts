/**
 * `npm run vista-sandbox` (tsx server/vista-sandbox/cli.ts): runs the Vista
 * sandbox alone. Port from `VISTA_SANDBOX_PORT` (default 8787), interface from
 * `VISTA_SANDBOX_HOST` (default 127.0.0.1), photo cache under `DATA_DIR`
 * (default ./data), the catalogue multiplied by `VISTA_SANDBOX_MULTIPLY`
 * (1–20, default 1; growth measurements, catalogue/multiply.ts). Prints the URL and the (public, test-only) sandbox key.
 */
import path from "node:path";
import { parseMultiply } from "./catalogue/multiply";
import { startVistaSandbox } from "./index";

const rawPort = process.env.VISTA_SANDBOX_PORT ?? "8787";
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`VISTA_SANDBOX_PORT inválida: ${JSON.stringify(rawPort)} (use um número de 0 a 65535)`);
  process.exit(1);
}

let multiply: number;
try {
  multiply = parseMultiply(process.env.VISTA_SANDBOX_MULTIPLY);
} catch (error) {
  console.error(`VISTA_SANDBOX_MULTIPLY: ${(error as Error).message}`);
  process.exit(1);
}

const started = performance.now();
const sandbox = await startVistaSandbox({
  port,
  host: process.env.VISTA_SANDBOX_HOST || "127.0.0.1",
  dataDir: path.resolve(process.env.DATA_DIR || "./data"),
  multiply,
  publicBaseUrl: process.env.VISTA_SANDBOX_PUBLIC_URL || undefined,
  log: process.env.VISTA_SANDBOX_LOG === "1" ? (line) => console.log(line) : undefined,
});
const stats = sandbox.stats();
console.log(`[vista-sandbox] pronto em ${Math.round(performance.now() - started)} ms`);
console.log(
  `[vista-sandbox] ${stats.total} imóveis (${stats.sale} à venda, ${stats.rent} para alugar), ${stats.buildings} condomínios`,
);
// The sandbox key is Vista's public test key, printed in Vista's own guide; showing it here is intended.
console.log(`  VISTA_URL=${sandbox.url}`);
console.log(`  VISTA_KEY=${sandbox.key}`);
console.log(
  `  exemplo: curl -H 'Accept: application/json' "$VISTA_URL/imoveis/listar?key=$VISTA_KEY&showtotal=1" --data-urlencode 'pesquisa={"fields":["Codigo","Bairro","ValorVenda"],"paginacao":{"pagina":1,"quantidade":5}}' -G`,
);

const stop = (signal: string) => {
  console.log(`[vista-sandbox] ${signal}: encerrando`);
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once("SIGINT", () => stop("SIGINT"));
process.once("SIGTERM", () => stop("SIGTERM"));
