// Settings → Sign-up without JavaScript, on both databases: the page lists sign-ups by address (owner only), its
// "Remove these sign-ups" is a plain form, and posting that form's own fields to the screen's action removes the
// address's sign-ups, answering a redirect with a toast; others are refused with their codes (issue 37, defect 3).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import type { AppDb } from "#db/client.server";
import { AddressGroups } from "~/components/address-groups";
import { dbContext, formContext, userContext } from "~/lib/context";
import type { FormFailure } from "~/lib/page.server";
import type { PublicUser } from "~/models/access/auth.server";
import { joinSchema, signupSettingsSchema } from "~/models/roster/signup-input";
import { listEntries, signUp, updateSignupSettings } from "~/models/roster/signup.server";
import { action, loader } from "~/routes/signup-admin";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser } from "./model-fixtures";

const VENUE = "198.51.100.40";

function contextOf(db: AppDb, user: PublicUser | null, form?: FormData) {
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(userContext, user);
  if (form) context.set(formContext, form);
  return context;
}

async function load(db: AppDb, user: PublicUser, tournamentId: number) {
  const path = `/tournaments/${tournamentId}/signup`;
  const request = new Request(`http://localhost${path}`);
  return loader({ request, params: { tournamentId: String(tournamentId) }, context: contextOf(db, user) } as never);
}

/** Posts fields to the screen's action as the root middleware hands a form over (a browser without JavaScript). */
async function post(db: AppDb, user: PublicUser, tournamentId: number, fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const path = `/tournaments/${tournamentId}/signup`;
  const url = new URL(`http://localhost${path}`);
  return action({
    request: new Request(url, { method: "POST" }),
    url,
    params: { tournamentId: String(tournamentId) },
    context: contextOf(db, user, form),
    unstable_pattern: path,
  } as never);
}

/** The refused form's answer (a `data(...)` value) with its status. */
function failureOf(answer: unknown) {
  const { data, init } = answer as { data: FormFailure; init: ResponseInit | null };
  expect(data?.ok, "the form should have been refused").toBe(false);
  return { ...data, status: init?.status };
}

/** The hidden fields of each form in the markup, as a browser would post them. */
function formsIn(html: string): [string, string][][] {
  return [...html.matchAll(/<form[^>]*method="post"[^>]*>(.*?)<\/form>/g)].map((m) =>
    [...m[1].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
      (f) => [f[1], f[2]] as [string, string],
    ),
  );
}

describeEachDriver("sign-up page by address", (getDb) => {
  test("the owner sees sign-ups by address and removes one address's with the page's plain form", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    await addPlayers(db, owner, t.id, 10);
    await updateSignupSettings(db, owner, t.id, signupSettingsSchema.parse({ isOpen: true, waitlistCap: 10 }));
    for (let i = 1; i <= 4; i++) await signUp(db, t.id, joinSchema.parse({ name: `Room ${i}`, riotTag: "EUW" }), VENUE);
    await signUp(db, t.id, joinSchema.parse({ name: "Alone", riotTag: "EUW" }), "203.0.113.41");

    const page = await load(db, owner, t.id);
    expect(page.addresses).toEqual([{ address: VENUE, count: 4 }]);
    expect(page.entries.find((e) => e.name === "Room 1")?.addressCount).toBe(4);
    expect(page.entries.find((e) => e.name === "Alone")?.addressCount).toBe(1);

    // What the server renders: a plain POST form per shared address, no script needed.
    const Stub = createRoutesStub([
      { path: "/", Component: () => createElement(AddressGroups, { addresses: page.addresses, readOnly: false }) },
    ]);
    const html = renderToStaticMarkup(createElement(Stub));
    expect(html).toContain("Sign-ups by address");
    const forms = formsIn(html);
    expect(forms).toEqual([
      [
        ["intent", "remove-address"],
        ["address", VENUE],
      ],
    ]);
    // A completed tournament's page offers no form that could only be refused.
    const readOnly = renderToStaticMarkup(
      createElement(
        createRoutesStub([
          { path: "/", Component: () => createElement(AddressGroups, { addresses: page.addresses, readOnly: true }) },
        ]),
      ),
    );
    expect(readOnly).toContain(VENUE);
    expect(readOnly).not.toContain("<form");

    // Someone else posting the same form is refused with a code; so is an address with nothing left.
    const stranger = await makeUser(db);
    expect(failureOf(await post(db, stranger, t.id, forms[0]))).toMatchObject({ status: 403, code: "forbidden" });
    const answer = (await post(db, owner, t.id, forms[0])) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/tournaments/${t.id}/signup`);
    const left = await listEntries(db, owner, t.id);
    expect(left.filter((e) => e.address === VENUE).every((e) => e.status === "removed")).toBe(true);
    expect(left.find((e) => e.name === "Alone")?.status).toBe("registered");
    expect((await load(db, owner, t.id)).addresses).toEqual([]);
    expect(failureOf(await post(db, owner, t.id, forms[0]))).toMatchObject({
      status: 404,
      code: "address_not_found",
      intent: "remove-address",
    });
    expect(failureOf(await post(db, owner, t.id, [["intent", "remove-address"]]))).toMatchObject({ status: 400 });
    // The first published event opens the app's own database (PGlite's start is slow on a busy machine).
  }, 60_000);
});
