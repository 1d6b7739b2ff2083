/**
 * One HTTP request through node:http, for what fetch() cannot send: a chosen
 * `Host` header, or a request target exactly as given (no normalisation of
 * `..`, `%00`, `//`). Used by vitest and Playwright tests alike.
 */
import http from "node:http";

/** An answer read in full: status, headers and the body as UTF-8 text. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends one request with `options` (method, host, port, path, headers… as
 * node:http takes them; when `url` is given, `options` override its parts) and
 * `body`, and reads the whole answer. Rejects on a connection or stream error.
 */
export function rawRequest(
  url: string | URL | undefined,
  options: http.RequestOptions,
  body?: string | Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const onResponse = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    };
    const request = url === undefined ? http.request(options, onResponse) : http.request(url, options, onResponse);
    request.on("error", reject);
    request.end(body);
  });
}
