/**
 * Admission control of the compiled server (docs/decisions/0071-admission-control.md):
 * a server allowed one request in flight and none waiting, whose place is
 * held by another client's form post that trickles its body, turns a
 * visitor's page away at once with 503, `Retry-After` and the spec's error
 * screen (rendered once, with this request's CSP nonce: the screen's scripts
 * run, no policy violation), answers the health check meanwhile, and serves
 * the page again as soon as the place is free.
 */
import net from "node:net";
import { expect, test } from "./fixtures";
import { DESKTOP_USER_AGENT, waitForHydration } from "./helpers";
import { EMBEDDED_ENV, spawnServer, stopServer, waitUntil, type SpawnedServer } from "./spawned-server";

test.use({ userAgent: DESKTOP_USER_AGENT });

let server: SpawnedServer | undefined;
test.afterAll(async () => {
  await stopServer(server);
});

/** Opens a form post from another client address whose body never finishes; resolves once sent. */
function trickledPost(origin: string): Promise<net.Socket> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        [
          "POST /login-corretores HTTP/1.1",
          `Host: ${hostname}:${port}`,
          `Origin: ${origin}`,
          // Another visitor (the loopback proxy is trusted), so the per-client queue does not hold the page back.
          "X-Forwarded-For: 203.0.113.9",
          "Content-Type: application/x-www-form-urlencoded",
          "Content-Length: 200",
          "",
          "email=visitante",
        ].join("\r\n"),
        () => resolve(socket),
      );
    });
    socket.once("error", reject);
  });
}

test("past its bound the server answers 503 with Retry-After and the error screen at once, then serves again", async ({
  page,
  consoleGuard,
}) => {
  server = await spawnServer({
    inheritServerSettings: true,
    env: {
      ...EMBEDDED_ENV,
      FIREBASE_AUTH_EMULATOR_HOST: "",
      MAX_REQUESTS_IN_FLIGHT: "1",
      MAX_REQUESTS_QUEUED: "0",
    },
  });
  const running = server;
  const loginUrl = `${running.url}/login-corretores`;
  await waitUntil(running, async () => (await fetch(loginUrl)).status === 200, { what: "the login page" });

  const hold = await trickledPost(running.url);
  try {
    // The first refusal is plain text, answered at once while the error screen renders once for the next.
    const refused = async () => {
      const response = await fetch(loginUrl, { headers: { Accept: "text/html" } });
      return response.status === 503 && (await response.text()).includes("Ops! Ocorreu um erro");
    };
    await waitUntil(running, refused, { what: "the error screen of a 503 while held" });
    // Any CSP violation would be a console error, which the guard fails the test on.
    consoleGuard.expectHttpError(loginUrl, 503);
    const response = await page.goto(loginUrl);
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toBe("5");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { name: "Ops! Ocorreu um erro" })).toBeVisible();
    await expect(page.getByText("503")).toBeVisible();
    // The screen hydrates: its scripts ran under this request's nonce.
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: "Voltar para o início" })).toBeVisible();
    // The health check is never turned away.
    expect((await fetch(`${running.url}/health/server`)).status).toBeLessThan(503);
    // A data request gets a short text, not a page.
    const data = await fetch(`${loginUrl}.data`);
    expect(data.status).toBe(503);
    expect(await data.text()).toMatch(/muitos acessos/);
  } finally {
    hold.destroy();
  }
  await waitUntil(running, async () => (await fetch(loginUrl)).status === 200, { what: "the page after the hold" });
  expect((await page.goto(loginUrl))?.status()).toBe(200);
});
