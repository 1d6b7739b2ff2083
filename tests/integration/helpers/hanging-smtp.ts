/**
 * A real SMTP server (smtp-server) in the test process that can be made to
 * hang: while hanging it accepts TCP connections but sends no greeting, as a
 * stopped or overloaded server does; {@link HangingSmtp.recover} greets the
 * connections it held (a client that gave up meanwhile has closed its socket
 * and is not answered) and every later one. It keeps each accepted
 * message's raw text, and tells the test when a connection is held, so that
 * tests wait for that event rather than for the clock.
 */
import { SMTPServer } from "smtp-server";
import { keepMessages } from "./smtp-sink";

/** A running {@link startHangingSmtp} server. */
export interface HangingSmtp {
  /** TCP port on 127.0.0.1. */
  port: number;
  /** Raw RFC 5322 text of each accepted message, in the order received. */
  messages: string[];
  /** Connections held without a greeting so far (all time, not only now). */
  held(): number;
  /** Resolves once `count` connections have been held (at once if they already were). */
  waitForHeld(count: number): Promise<void>;
  /** Stops answering new connections (they are held until {@link recover}). */
  hang(): void;
  /** Greets the held connections and answers every new one. */
  recover(): void;
  /** Stops listening; resolves once the server is closed. */
  close(): Promise<void>;
}

/** Starts a {@link HangingSmtp} on a port chosen by the system; it answers until {@link HangingSmtp.hang}. */
export async function startHangingSmtp(): Promise<HangingSmtp> {
  const messages: string[] = [];
  let hanging = false;
  let heldCount = 0;
  let release: (() => void)[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  const notify = () => {
    waiters = waiters.filter((waiter) => {
      if (heldCount < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 50,
    onConnect(_session, callback) {
      if (!hanging) return callback();
      release.push(() => callback());
      heldCount++;
      notify();
    },
    onData: keepMessages(messages),
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    messages,
    held: () => heldCount,
    waitForHeld: (count) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        notify();
      }),
    hang: () => {
      hanging = true;
    },
    recover: () => {
      hanging = false;
      const held = release;
      release = [];
      for (const greet of held) greet();
    },
    close: () =>
      new Promise<void>((resolve) => {
        hanging = false;
        for (const greet of release) greet();
        release = [];
        server.close(() => resolve());
      }),
  };
}
