// Hostile uploads and bodies for the limit tests and the hostile benchmark: zips written part by part (declared sizes of our choosing), huge sheets, a server's memory from /proc.
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import ExcelJS from "exceljs";
import JSZip from "jszip";

export type ZipPart = {
  name: string;
  /** The part's bytes, deflated here. */
  data?: Buffer;
  /** Or bytes already deflated, with the size and CRC the zip should declare for them (which may lie). */
  deflated?: { bytes: Buffer; size: number; crc: number };
};

/**
 * A zip file written field by field (PKWARE APPNOTE 4.3.7, 4.3.12, 4.3.16): a zip library always
 * declares the true sizes and deflates every copy again, and these tests need neither.
 */
export function writeZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const packed = part.deflated ?? {
      bytes: zlib.deflateRawSync(part.data ?? Buffer.alloc(0), { level: 6 }),
      size: part.data?.length ?? 0,
      crc: zlib.crc32(part.data ?? Buffer.alloc(0)),
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(packed.crc >>> 0, 14);
    local.writeUInt32LE(packed.bytes.length, 18);
    local.writeUInt32LE(packed.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.crc >>> 0, 16);
    central.writeUInt32LE(packed.bytes.length, 20);
    central.writeUInt32LE(packed.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed.bytes);
    centrals.push(central, name);
    offset += local.length + name.length + packed.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a real one-sheet workbook (Players: a header and two players), for building hostile variants of it. */
export async function workbookParts(): Promise<ZipPart[]> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Players");
  sheet.addRow(["Name", "Riot Tag", "LP"]);
  sheet.addRow(["Ann", "EU1", 10]);
  sheet.addRow(["Bob", "EU2", 5]);
  const zip = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
  const parts: ZipPart[] = [];
  for (const name of Object.keys(zip.files)) {
    if (!zip.files[name].dir) parts.push({ name, data: await zip.files[name].async("nodebuffer") });
  }
  return parts;
}

/** A sheet of `rows` empty rows after its header: about 17 bytes of XML and 2.5 zipped per row. */
export function tallSheet(rows: number): Buffer {
  const pieces: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" t="inlineStr"><is><t>Riot Tag</t></is></c></row>',
  ];
  for (let r = 2; r <= rows + 1; r++) pieces.push(`<row r="${r}"/>`);
  pieces.push("</sheetData></worksheet>");
  return Buffer.from(pieces.join(""));
}

/** `size` bytes of spaces, deflated once (about 1000:1), to be declared as one or many parts. */
export function deflatedBlanks(size: number) {
  const blanks = Buffer.alloc(size, 0x20);
  return { bytes: zlib.deflateRawSync(blanks, { level: 9 }), size, crc: zlib.crc32(blanks) };
}

/** Replaces (or adds) parts by name. */
export function withParts(parts: ZipPart[], replaced: ZipPart[]) {
  const names = new Set(replaced.map((p) => p.name));
  return [...parts.filter((p) => !names.has(p.name)), ...replaced];
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in MB; Linux only. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** Starts measuring a process's peak anew (writing 5 to clear_refs resets VmHWM); false where that is not allowed. */
export function resetPeak(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/**
 * Posts `total` bytes of a form body in 64 KB chunks, chunked (no Content-Length) or declaring
 * its length, and answers the status and how long the answer took; stops sending once answered.
 */
export function floodPost(
  url: string,
  options: {
    total: number;
    declareLength?: boolean;
    headers?: Record<string, string>;
    /** Go on sending after the answer, as a flood would, until the server closes the connection or `total` is sent. */
    ignoreAnswer?: boolean;
  },
): Promise<{ status: number; ms: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const headers: Record<string, string | number> = {
      "content-type": "application/x-www-form-urlencoded",
      ...options.headers,
    };
    if (options.declareLength) headers["content-length"] = options.total;
    const request = http.request(url, { method: "POST", headers });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    const sending = () => !answered || options.ignoreAnswer === true;
    let settled: { status: number; ms: number; body: string } | undefined;
    const finish = (result: { status: number; ms: number; body: string }) => {
      settled ??= result;
      if (!options.ignoreAnswer || request.destroyed || sent >= options.total) {
        request.destroy();
        resolve({ ...settled, sent });
      }
    };
    const pump = () => {
      while (sending() && sent < options.total && !request.destroyed) {
        const size = Math.min(chunk.length, options.total - sent);
        sent += size;
        if (!request.write(size === chunk.length ? chunk : chunk.subarray(0, size)))
          return void request.once("drain", pump);
      }
      if (sent >= options.total && !request.destroyed) request.end();
      if (settled) finish(settled);
    };
    request.on("response", (response) => {
      answered = true;
      const ms = performance.now() - began;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text) => (body += text));
      const done = () => finish({ status: response.statusCode ?? 0, ms, body });
      response.on("end", done);
      // The server closes the connection after a refusal: whatever arrived is the answer.
      response.on("error", done);
      response.on("close", done);
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
      else if (settled) resolve({ ...settled, sent });
    });
    request.on("close", () => {
      if (settled) resolve({ ...settled, sent });
    });
    pump();
  });
}
