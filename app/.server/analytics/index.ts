/**
 * First-party analytics (docs/decisions/0030-first-party-analytics.md):
 * recording (`./record`), the visitor hash and its daily salt (`./visitor`),
 * the dashboard's queries (`./queries`), the CSV export (`./csv`) and the
 * retention job (`./maintenance`).
 */
export { handleAnalyticsBeacon, recordBeacon } from "./record";
export { loadAnalyticsDashboard, listingFigures, dailyRows } from "./queries";
export { statsToCsv } from "./csv";
export { startAnalyticsMaintenance, runAnalyticsMaintenance } from "./maintenance";
