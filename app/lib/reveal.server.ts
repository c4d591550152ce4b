// A webhook's signing secret is shown once, when it is made (DECISIONS.md: "secrets shown once as `whsec_…`"): the
// action that made it redirects, as every form does, and the secret rides to the next load of the webhooks page in a
// signed, httpOnly cookie of one minute scoped to the tournament's pages, which that page reads and clears.
import { createCookie } from "react-router";
import { z } from "zod";
import { getApp } from "./db.server";
import { isHttps } from "./forwarded.server";

const revealSchema = z.object({ webhookId: z.int().positive(), secret: z.string().startsWith("whsec_") });

/** The endpoint whose new secret is to be shown, and the secret. */
export type Reveal = z.infer<typeof revealSchema>;

/** The cookie, per tournament: sent only to its own pages (`/tournaments/{id}/…`, their `.data` loads included). */
async function revealCookie(request: Request, tournamentId: number) {
  const { sessionSecret } = await getApp();
  return createCookie("tm_reveal", {
    path: `/tournaments/${tournamentId}/`,
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(request),
    maxAge: 60,
    secrets: [sessionSecret],
  });
}

/** The Set-Cookie value that carries `reveal` to the tournament's webhooks page. */
export async function revealHeader(request: Request, tournamentId: number, reveal: Reveal): Promise<string> {
  return (await revealCookie(request, tournamentId)).serialize(reveal);
}

/** The secret to show (null when none, or when its signature or shape is wrong) and the header that clears it. */
export async function readReveal(
  request: Request,
  tournamentId: number,
): Promise<{ reveal: Reveal | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (header === null || !/(^|;)\s*tm_reveal=/.test(header)) return { reveal: null, clear: null };
  const cookie = await revealCookie(request, tournamentId);
  const parsed = revealSchema.safeParse(await cookie.parse(header));
  return { reveal: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
