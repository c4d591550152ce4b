// The repository's own lint rule (eslint.config.js): a page route that reads the request body, which the root
// middleware already read, is refused with a message naming the helper; the JSON API's routes may read theirs.
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "local/no-page-body-read");
}

const reads = `
export async function action({ request }: { request: Request }) {
  const form = await request.formData();
  const body = await request.clone().json();
  return [form, body];
}
export async function loader(args: { request: Request }) {
  return args.request.text();
}
`;

describe("local/no-page-body-read", () => {
  test("a page route's request.formData(), request.json() and the like are refused, naming the helper", async () => {
    const found = await problems(reads, "app/routes/probe.ts");
    expect(found.map((m) => m.line)).toEqual([3, 4, 8]);
    expect(found[0].message).toContain("request.formData()");
    expect(found[0].message).toContain("readForm(context) or pageForm(context) from ~/lib/page.server");
  });

  test("the JSON API's routes read their own bodies", async () => {
    expect(await problems(reads, "app/routes/api/probe.ts")).toEqual([]);
  });

  test("the form helpers and other objects' formData() pass", async () => {
    const code = `
import { readForm } from "~/lib/page.server";
export async function action({ context, response }: { context: never; response: Response }) {
  const { values } = readForm(context);
  return [values, await response.formData()];
}
`;
    expect(await problems(code, "app/routes/probe.ts")).toEqual([]);
  });
});
