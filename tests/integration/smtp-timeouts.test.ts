/**
 * The mailer's SMTP timeouts (`SMTP_TIMEOUTS_MS`, `MailerOptions.timeouts`)
 * reach the transport: against a REAL SMTP server that accepts the
 * connection and never greets (smtp-server in this process, ADR 0069), a
 * send fails with nodemailer's greeting timeout, not after nodemailer's own
 * default of 30 s. The test waits for the send's failure, never for the clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "~/.server/mail/transport";
import { startHangingSmtp, type HangingSmtp } from "./helpers/hanging-smtp";

describe("the mailer's SMTP timeouts", () => {
  let smtp: HangingSmtp;
  beforeAll(async () => {
    smtp = await startHangingSmtp();
    smtp.hang();
  });
  afterAll(async () => {
    smtp.recover();
    await smtp.close();
  });

  it("gives up on a server that never greets at the greeting timeout", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      outboxDir: "/nonexistent",
      from: "site@exemplo.com.br",
      timeouts: { greeting: 200 },
    });
    try {
      const sent = mailer.send({ to: "a@exemplo.com.br", subject: "Teste", text: "Texto", html: "<p>Texto</p>" });
      // The failure itself is the event waited for. Not `waitForHeld`: on a busy machine the
      // client's 200 ms can end before the server in this same process accepts the connection,
      // and a connection closed by then is never held.
      await expect(sent).rejects.toMatchObject({ code: "ETIMEDOUT", message: expect.stringMatching(/greeting/i) });
    } finally {
      mailer.close();
    }
    // Far below nodemailer's own greeting timeout (30 s): with the mailer's timeouts ignored, the
    // send would still be waiting when this bound ends the test.
  }, 15_000);
});
