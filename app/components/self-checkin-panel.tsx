// The owner's self check-in card on the check-in management page: open, close or change the code, the code shown large, the
// players' address, and the tries of the last 15 minutes per address.
import { Form } from "react-router";
import { SubmitButton } from "./form-fields";
import { CopyUrlField } from "./public-actions";

export type TriesRow = { address: string; wrongCodes: number; wrongTags: number; checkins: number; lastAt: string };

export function SelfCheckinPanel({
  open,
  code,
  url,
  canOpen,
  tries,
}: {
  open: boolean;
  code: string | null;
  url: string;
  tries: TriesRow[];
  /** In check-in, unlocked and before lobbies: the only time opening is accepted. */
  canOpen: boolean;
}) {
  return (
    <section className="card self-checkin-panel" aria-labelledby="self-checkin-title">
      <h2 id="self-checkin-title">Player Self Check-in</h2>
      {open ? (
        <>
          <p className="muted">Read this code out on stream. Players check themselves in at the address below.</p>
          <p className="self-checkin-code-display mono">{code}</p>
          <CopyUrlField id="self-checkin-url" label="Player check-in link" url={url} />
          <p className="muted">
            Players check in with this code and their exact game tag. If the code reached people it should not have,
            change it: the old one stops working at once.
          </p>
          <div className="row">
            <Form method="post">
              <input type="hidden" name="intent" value="rotate-self-checkin-code" />
              <SubmitButton intent="rotate-self-checkin-code" className="btn">
                Change code
              </SubmitButton>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="close-self-checkin" />
              <SubmitButton intent="close-self-checkin" className="btn">
                Close self check-in
              </SubmitButton>
            </Form>
          </div>
          <TriesTable tries={tries} />
        </>
      ) : canOpen ? (
        <>
          <p className="muted">
            Let registered players check themselves in with a short code you read out on stream. Locking the tournament
            closes it.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="open-self-checkin" />
            <SubmitButton intent="open-self-checkin">Open self check-in</SubmitButton>
          </Form>
        </>
      ) : (
        <p className="muted">Self check-in can be opened while the tournament is in check-in and unlocked.</p>
      )}
    </section>
  );
}

/** Tries per address in the last 15 minutes: who is guessing, and whether a player is being held back by someone else. */
function TriesTable({ tries }: { tries: TriesRow[] }) {
  if (tries.length === 0) return <p className="muted">No self check-in tries in the last 15 minutes.</p>;
  return (
    <div className="table-wrap">
      <table>
        <caption>Self check-in tries in the last 15 minutes, by address</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Wrong codes</th>
            <th scope="col">Wrong game tags</th>
            <th scope="col">Check-ins</th>
            <th scope="col">Last try</th>
          </tr>
        </thead>
        <tbody>
          {tries.map((row) => (
            <tr key={row.address}>
              <td className="mono">{row.address}</td>
              <td>{row.wrongCodes}</td>
              <td>{row.wrongTags}</td>
              <td>{row.checkins}</td>
              <td>{new Date(row.lastAt).toISOString().slice(11, 19)} UTC</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
