// The one spreadsheet export link: a plain download without JavaScript; with it, fetched and saved here so a failure is docs/rules.md's toast, not an error page.
import type { MouseEvent, ReactNode } from "react";
import { ACTION_TOASTS } from "~/lib/live-constants";
import { fillToast, useToast } from "./toast";
import { saveBlob } from "~/lib/browser";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The file's name: the answer's Content-Disposition, else docs/rules.md's sanitised tournament name plus _export.xlsx. */
function fileNameFrom(response: Response, tournamentName: string): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  const star = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = disposition.match(/filename="?([^";]+)"?/i)?.[1];
  if (plain) return plain;
  return `${tournamentName.replace(/[^A-Za-z0-9_-]+/g, "_") || "tournament"}_export.xlsx`;
}

function base64ToBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: XLSX_TYPE });
}

/** Saves a fetched export, whichever way the API answers it: the file itself, or JSON with base64 excelData. */
async function saveExport(response: Response, tournamentName: string) {
  let blob: Blob;
  let fileName = fileNameFrom(response, tournamentName);
  if ((response.headers.get("content-type") ?? "").includes("application/json")) {
    const body = (await response.json()) as { excelData?: unknown; fileName?: unknown };
    blob = base64ToBlob(String(body.excelData ?? ""));
    if (typeof body.fileName === "string" && body.fileName) fileName = body.fileName;
  } else {
    blob = await response.blob();
  }
  if (blob.size === 0) throw new Error("empty export");
  saveBlob(blob, fileName);
}

/**
 * Export: a link to the API's file download (`?download=1`), so it works without JavaScript.
 * `failureMessage` is "Unable to export tournament data" on the public view (docs/rules.md "Messages and titles").
 */
export function ExportLink({
  tournamentId,
  tournamentName = "",
  failureMessage = "Failed to export tournament data",
  successDescription,
  className = "btn",
  children = (
    <>
      <span aria-hidden="true">⬇</span> Export
    </>
  ),
}: {
  tournamentId: number;
  tournamentName?: string;
  failureMessage?: string;
  /** The host screens add "Tournament exported successfully" to "Download started". */
  successDescription?: string;
  className?: string;
  children?: ReactNode;
}) {
  const show = useToast();
  const href = `/api/tournaments/${tournamentId}/export?download=1`;
  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    try {
      const response = await fetch(href, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) throw new Error(`${response.status}`);
      await saveExport(response, tournamentName);
      show({ ...ACTION_TOASTS.downloadStarted, description: successDescription });
    } catch {
      show(fillToast(ACTION_TOASTS.exportFailed, { message: failureMessage }));
    }
  }
  return (
    <a href={href} className={className} download onClick={onClick} data-export={failureMessage}>
      {children}
    </a>
  );
}

/** The host screens' export (dashboard, settings): docs/rules.md's "Download Excel File" with "Tournament exported successfully". */
export const HOST_EXPORT = {
  className: "btn primary",
  successDescription: "Tournament exported successfully",
  children: "Download Excel File",
} as const;
