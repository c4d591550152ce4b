// GET /api/tournaments/{id}/export: the tournament as a base64 .xlsx ({excelData, fileName}), with a History sheet for its owner or a master; with ?download=1 the file itself, for links that work without JavaScript.
import type { Route } from "./+types/tournament.export";
import { allowOnly, apiUser, handleApi, INVALID_TOURNAMENT_ID, json, jsonError, requireId } from "~/lib/api.server";
import { VERSION_HEADER } from "~/lib/api-cache.server";
import { exportAnswer } from "~/lib/api-schemas.server";
import { documented, guarded, guards, ok, refused } from "~/lib/openapi.server";
import { exportTournament } from "~/models/tournaments/spreadsheet.server";
import { dbContext } from "~/lib/context";
import { readerOf } from "~/lib/share.server";
import { findReadableTournament } from "~/models/access/share.server";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const loader = documented(
  async ({ params, request, context }: Route.LoaderArgs) =>
    handleApi(async () => {
      const id = requireId(params.id, INVALID_TOURNAMENT_ID);
      const download = new URL(request.url).searchParams.get("download");
      if (download !== null && download !== "0" && download !== "1")
        return jsonError(400, "download must be 0 or 1", "invalid_input");
      const db = context.get(dbContext);
      const tournament = await findReadableTournament(db, readerOf(request, apiUser(context), id), id);
      // The version the workbook is of (read before it, so at most as new as what it holds), as every read says.
      const version = { [VERSION_HEADER]: String(tournament.version) };
      // The owner or a master also gets the History sheet.
      const { data, fileName } = await exportTournament(db, id, apiUser(context));
      if (download === "1") {
        return new Response(new Uint8Array(data), {
          headers: {
            "Content-Type": XLSX_TYPE,
            "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
            "Cache-Control": "no-store",
            ...version,
          },
        });
      }
      return json({ excelData: data.toString("base64"), fileName }, 200, version);
    }),
  {
    get: guarded(
      {
        operationId: "exportTournament",
        versioned: true,
        tag: "Tournaments",
        summary: "The tournament as a spreadsheet",
        description:
          "Answers {excelData (base64 .xlsx), fileName}; with download=1 it answers the .xlsx file itself as an attachment.",
        query: [
          {
            name: "download",
            description: "1: answer the .xlsx file instead of JSON",
            schema: { type: "string", enum: ["0", "1"] },
          },
        ],
        answers: { 200: ok("The workbook", exportAnswer), ...refused.tournament },
      },
      guards.openById,
    ),
  },
);

export const action = allowOnly("GET");
