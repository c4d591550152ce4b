// Reading an uploaded .xlsx within fixed limits: the zip's directory is checked before anything is inflated, and rows are streamed with a cap.
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import yauzl from "yauzl";

/**
 * What an import reads of a workbook. An entry's size is the uncompressed size the zip declares
 * (and yauzl refuses to inflate past it); a real roster's sheets are tens of kilobytes.
 */
export const WORKBOOK_LIMITS = {
  /** Entries in the zip's directory (a workbook has a few dozen). */
  entries: 5_000,
  /** Uncompressed bytes of any one part the import reads (a sheet, the shared strings). */
  partBytes: 4_000_000,
  /** Uncompressed bytes of all those parts together. */
  totalBytes: 12_000_000,
};

export class UnreadableWorkbook extends Error {}

/** The parts exceljs's streaming reader needs for sheet names and cell values; everything else is never inflated. */
const WORKBOOK = "xl/workbook.xml";
const WORKBOOK_RELS = "xl/_rels/workbook.xml.rels";
const SHARED_STRINGS = "xl/sharedStrings.xml";
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
// A workbook without shared strings (all inline) gets an empty table, so exceljs parses its sheets
// as they come instead of parking them in temporary files until the end.
const EMPTY_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';

/**
 * The parts of a zip the import reads, inflated. Refused (UnreadableWorkbook) before inflating
 * anything when the directory lists too many entries or declares a part, or the parts together,
 * larger than WORKBOOK_LIMITS; an entry that inflates past its declared size is refused by yauzl.
 */
async function readParts(data: Buffer): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch {
    throw new UnreadableWorkbook("not a zip file");
  }
  try {
    if (zip.entryCount > WORKBOOK_LIMITS.entries) throw new UnreadableWorkbook("too many entries");
    const wanted: yauzl.Entry[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (name !== WORKBOOK && name !== WORKBOOK_RELS && name !== SHARED_STRINGS && !SHEET.test(name)) continue;
      if (entry.uncompressedSize > WORKBOOK_LIMITS.partBytes) throw new UnreadableWorkbook(`${name} is too large`);
      total += entry.uncompressedSize;
      if (total > WORKBOOK_LIMITS.totalBytes) throw new UnreadableWorkbook("the sheets are too large");
      wanted.push(entry);
    }
    const parts = new Map<string, Buffer>();
    for (const entry of wanted) {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      parts.set(entry.fileName, Buffer.concat(chunks));
    }
    return parts;
  } catch (error) {
    if (error instanceof UnreadableWorkbook) throw error;
    throw new UnreadableWorkbook(error instanceof Error ? error.message : "unreadable zip");
  } finally {
    zip.close();
  }
}

/** A worksheet of the streaming reader: its name (set by exceljs from workbook.xml, absent from its types) and its rows as they are read. */
export type StreamedSheet = { name: string; rows: AsyncIterable<ExcelJS.Row> };

/**
 * Streams a workbook's sheets to `visit`, one at a time, in order: only the parts listed above,
 * re-packed uncompressed (so exceljs never meets the upload's other entries or its compression),
 * read by exceljs's streaming WorkbookReader. `visit` reads as many rows as it wants; stopping
 * early stops the reading.
 */
export async function streamWorkbook(data: Buffer, visit: (sheet: StreamedSheet) => Promise<void>): Promise<void> {
  const parts = await readParts(data);
  if (!parts.has(WORKBOOK) || !parts.has(WORKBOOK_RELS)) throw new UnreadableWorkbook("not a workbook");
  const repacked = new JSZip();
  // The reader needs the relations and shared strings before the sheets that use them.
  repacked.file(WORKBOOK_RELS, parts.get(WORKBOOK_RELS)!);
  repacked.file(WORKBOOK, parts.get(WORKBOOK)!);
  repacked.file(SHARED_STRINGS, parts.get(SHARED_STRINGS) ?? EMPTY_SHARED_STRINGS);
  const sheets = [...parts.keys()].filter((name) => SHEET.test(name));
  sheets.sort((a, b) => Number(a.match(SHEET)![1]) - Number(b.match(SHEET)![1]));
  for (const name of sheets) repacked.file(name, parts.get(name)!);
  const zip = await repacked.generateAsync({ type: "nodebuffer", compression: "STORE" });
  parts.clear();

  // Fed in small pieces: exceljs parses a piece at a time, so a reader that stops early has parsed little past it.
  const pieces = function* () {
    for (let at = 0; at < zip.length; at += 64 * 1024) yield zip.subarray(at, at + 64 * 1024);
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(pieces()), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  for await (const sheet of reader) {
    const name = (sheet as unknown as { name?: unknown }).name;
    await visit({ name: typeof name === "string" ? name : "", rows: sheet });
  }
}
