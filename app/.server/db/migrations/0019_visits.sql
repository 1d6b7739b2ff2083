-- Placeholder: this migration's tables are being written; it changes nothing yet.
SELECT 1;
