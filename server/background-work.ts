/**
 * The process's background work, started once the site answers
 * (docs/decisions/0041-first-page-before-background-start-up.md): the sync
 * from Vista (one leader among processes), the lead and alert outboxes, the
 * daily alert digests, privacy maintenance and analytics retention. Each part
 * returns what stops it; `server/index.ts` stops them on shutdown.
 */
import { startAlertDigest } from "../app/.server/alerts/digest";
import { startAlertMailWorker } from "../app/.server/alerts/outbox";
import { startAnalyticsMaintenance } from "../app/.server/analytics/maintenance";
import type { Config } from "../app/.server/config";
import type { Database } from "../app/.server/db";
import { startLeadSla } from "../app/.server/leads/sla";
import { startLeadWorker } from "../app/.server/leads/worker";
import { mailerFromConfig } from "../app/.server/mail/transport";
import { fillNeighbourhoodMarketsIfEmpty } from "../app/.server/neighbourhoods/startup";
import { startOwnerReportMail } from "../app/.server/owner-report/monthly";
import { startPrivacyMaintenance } from "../app/.server/privacy/retention";
import { startSyncScheduler } from "../app/.server/sync";
import { createVistaClient } from "../app/.server/vista";
import { getVistaTarget } from "../app/.server/vista/target";
import { startVisitMailWorker } from "../app/.server/visits/mail-worker";

/** What {@link startBackgroundWork} started, each with its stop. */
export interface BackgroundWork {
  scheduler: { stop(): Promise<void> };
  mailer: { close(): void };
  leadWorker: { stop(options?: { timeoutMs?: number }): Promise<void> };
  alertWorker: { stop(options?: { timeoutMs?: number }): Promise<void> };
  alertDigest: { stop(): Promise<void> };
  leadSla: { stop(): Promise<void> };
  privacy: { stop(): Promise<void> };
  analytics: { stop(): Promise<void> };
  ownerReports: { stop(options?: { timeoutMs?: number }): Promise<void> };
  visitMails: { stop(options?: { timeoutMs?: number }): Promise<void> };
}

/**
 * Starts the background work on `database`; `onCatalogueChange` runs after a
 * sync changed listings (the page cache is emptied there).
 */
export function startBackgroundWork(options: {
  database: Database;
  config: Config;
  onCatalogueChange(): void;
}): BackgroundWork {
  const { database, config } = options;
  // Background sync from Vista into the read model (one leader among processes).
  const scheduler = startSyncScheduler({
    intervalSeconds: config.SYNC_INTERVAL_SECONDS,
    getClient: () => createVistaClient(getVistaTarget()),
    database,
    onChange: options.onCatalogueChange,
  });
  // Neighbourhood market figures missing though a sync succeeded before: computed now (ADR 0090).
  void fillNeighbourhoodMarketsIfEmpty(database.db, (line) => console.log(line));

  // Lead outbox: e-mails and Vista leads, retried until delivered (ADR 0014).
  const mailer = mailerFromConfig(config);
  const leadWorker = startLeadWorker({
    database,
    mailer,
    getVista: () => createVistaClient(getVistaTarget()),
    onError: (error: unknown) => console.error("[leads] erro no envio de contatos", error),
    onFailure: ({ channel, attempts, error }) =>
      console.warn(`[leads] falha no envio (${channel}, tentativa ${attempts}): ${error}`),
  });

  // Saved-search alerts: their e-mail outbox and the hourly check for daily digests (ADR 0034).
  const alertWorker = startAlertMailWorker({
    database,
    mailer,
    onError: (error: unknown) => console.error("[alertas] erro no envio de e-mails", error),
    onFailure: ({ kind, attempts, error }) =>
      console.warn(`[alertas] falha no envio (${kind}, tentativa ${attempts}): ${error}`),
  });

  return {
    scheduler,
    mailer,
    leadWorker,
    alertWorker,
    alertDigest: startAlertDigest({ database }),
    // Reminders of leads still unanswered past the response target (ADR 0080).
    leadSla: startLeadSla({ database }),
    // Privacy maintenance: lead retention, old sessions and access records (ADR 0031).
    privacy: startPrivacyMaintenance({ database }),
    // First-party analytics: 13-month retention and deletion of old salts (ADR 0030).
    analytics: startAnalyticsMaintenance({ database }),
    // The owner's monthly report: queued once per report and month, sent by its outbox (ADR 0083).
    ownerReports: startOwnerReportMail({
      database,
      mailer,
      onError: (error: unknown) => console.error("[proprietarios] erro no envio de relatórios", error),
      onFailure: ({ attempts, error }) =>
        console.warn(`[proprietarios] falha no envio do relatório mensal (tentativa ${attempts}): ${error}`),
    }),
    // Visits booked online: confirmation, broker notice, reminders and feedback (ADR 0088).
    visitMails: startVisitMailWorker({
      database,
      mailer,
      onError: (error: unknown) => console.error("[visitas] erro no envio de e-mails", error),
      onFailure: ({ kind, attempts, error }) =>
        console.warn(`[visitas] falha no envio (${kind}, tentativa ${attempts}): ${error}`),
    }),
  };
}
