/**
 * A real SMTP server in the test process that accepts every message without
 * authentication or TLS and keeps each one's raw text (headers and body), for
 * tests that check what the application e-mailed.
 */
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** An `onData` handler that keeps each message's raw text in `messages` and accepts it. */
export function keepMessages(messages: string[]): NonNullable<SMTPServerOptions["onData"]> {
  return (stream, _session, callback) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      messages.push(Buffer.concat(chunks).toString("utf8"));
      callback();
    });
  };
}

/** A running SMTP sink: where it listens, what it received so far, how to stop it. */
export interface SmtpSink {
  /** TCP port on 127.0.0.1; the application's SMTP_URL is `smtp://127.0.0.1:<port>`. */
  port: number;
  /** Each accepted message's raw RFC 5322 text, in the order received. */
  messages: string[];
  /** Stops listening; resolves once the server is closed. */
  close(): Promise<void>;
}

/** Starts an {@link SmtpSink} on a port chosen by the system on 127.0.0.1. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: keepMessages(messages),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
