// The spreadsheet a host imports from the dashboard: at most IMPORT_FILE_LIMIT bytes of file. The dashboard checks it
// before sending (with JavaScript); the server's limit on the whole upload (app/lib/body.server.ts) adds room for the
// multipart form around the file.
export const IMPORT_FILE_LIMIT = 10_000_000;
/** IMPORT_FILE_LIMIT in words. */
export const IMPORT_FILE_LIMIT_TEXT = "10 MB";
