/**
 * Data-subject requests and retention (LGPD art. 18, 19, 37; docs/decisions/0031-data-subject-requests-and-retention.md):
 * find every record of a person, export, anonymise or delete with an audit
 * trail, the LGPD requests with their deadline, and the daily maintenance.
 */
export { ANONYMISED, anonymiseLead, hasPersonalData } from "./anonymise";
export { anonymiseSubject, deleteSubject } from "./actions";
export { listPrivacyActions, PRIVACY_REASON_MAX, type PrivacyActionEntry } from "./audit";
export { privacyExportCsv, privacyExportJson } from "./export";
export { deadlineText, LGPD_RESPONSE_DAYS, lgpdDeadline, listLgpdRequests, type LgpdRequest } from "./requests";
export { runPrivacyMaintenance, startPrivacyMaintenance, type PrivacyMaintenance } from "./retention";
export { findSubjectRecords, PRIVACY_SOURCES, type PrivacySearchResult } from "./search";
export { parseSubject, subjectHash, type Subject } from "./subject";
export { anonymiseVisit, type VisitAnonymiseCounts, visitsPrivacySource } from "./visits";
