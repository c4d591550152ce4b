// GET /api/docs: the OpenAPI document as a server-rendered page: every operation with its parameters, body and answers.
import type { Route } from "./+types/docs";
import { methodNotAllowed } from "~/lib/api.server";
import { docsModel, documented, guarded, guards, openApiDocument, type DocsField } from "~/lib/openapi.server";

export const meta: Route.MetaFunction = () => [{ title: "API Documentation | Tournament Manager" }];

const METHOD_BADGES: Record<string, string> = { GET: "success", POST: "primary", PATCH: "warning", DELETE: "danger" };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const loader = documented(async () => docsModel(await openApiDocument()), {
  get: guarded(
    {
      operationId: "docs",
      tag: "Documentation",
      summary: "This document as a readable page",
      answers: { 200: { description: "An HTML page", contentType: "text/html" } },
    },
    guards.open,
  ),
});

export async function action() {
  return methodNotAllowed(["GET"]);
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { title, description, sections, schemas } = loaderData;
  return (
    <div className="api-docs">
      <h1>{title}</h1>
      <p>{description}</p>
      <p>
        Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
      </p>
      <nav className="card" aria-label="Operations">
        {sections.map((section) => (
          <div key={section.tag}>
            <h2 className="small">{section.tag}</h2>
            <ul className="list-plain">
              {section.operations.map((op) => (
                <li key={op.anchor}>
                  <a href={`#${op.anchor}`}>
                    <code>
                      {op.method} {op.path}
                    </code>
                  </a>{" "}
                  <span className="muted">{op.summary}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      {sections.map((section) => (
        <section key={section.tag}>
          <h2>{section.tag}</h2>
          {section.operations.map((op) => (
            <article className="card api-op" id={op.anchor} key={op.anchor}>
              <h3>
                <span className={`badge ${METHOD_BADGES[op.method] ?? ""}`}>{op.method}</span> <code>{op.path}</code>
              </h3>
              <p>
                <strong>{op.summary}</strong> <span className="muted small">({op.auth})</span>
              </p>
              {op.description ? <p>{op.description}</p> : null}
              {op.parameters.length > 0 ? (
                <>
                  <h4>Parameters</h4>
                  <Fields fields={op.parameters} />
                </>
              ) : null}
              {op.body ? (
                <>
                  <h4>
                    Body (JSON): <a href={`#schema-${op.body.schema}`}>{op.body.schema}</a>
                  </h4>
                  <Fields fields={op.body.fields} />
                </>
              ) : null}
              <h4>Answers</h4>
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>Status</th>
                      <th>Meaning</th>
                      <th>Body</th>
                    </tr>
                  </thead>
                  <tbody>
                    {op.answers.map((a) => (
                      <tr key={a.status}>
                        <td className="num">{a.status}</td>
                        <td>{a.description}</td>
                        <td>{a.schema ? <SchemaLink name={a.schema} /> : "-"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </article>
          ))}
        </section>
      ))}

      <section>
        <h2>Schemas</h2>
        {schemas.map((schema) => (
          <article className="card" id={`schema-${schema.name}`} key={schema.name}>
            <h3>
              <code>{schema.name}</code>
            </h3>
            {schema.description ? <p>{schema.description}</p> : null}
            {schema.fields.length > 0 ? <Fields fields={schema.fields} /> : null}
          </article>
        ))}
      </section>
    </div>
  );
}

// Schema names link to their entry; "array of Lobby" links the Lobby part.
function SchemaLink({ name }: { name: string }) {
  const match = name.match(/^(array of )?([A-Z]\w*)$/);
  if (!match) return <code>{name}</code>;
  return (
    <>
      {match[1] ?? ""}
      <a href={`#schema-${match[2]}`}>
        <code>{match[2]}</code>
      </a>
    </>
  );
}

function Fields({ fields }: { fields: DocsField[] }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Type</th>
            <th>Required</th>
            <th>Notes</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name}>
              <td>
                <code>{f.name}</code>
              </td>
              <td>
                <SchemaLink name={f.type} />
              </td>
              <td>{f.required ? "yes" : "no"}</td>
              <td>{f.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
