// The owner's self check-in card on the check-in management page: open or close it, the code shown large, the players' address.
import { Form } from "react-router";
import { SubmitButton } from "./form-fields";
import { CopyUrlField } from "./public-actions";

export function SelfCheckinPanel({
  open,
  code,
  url,
  canOpen,
}: {
  open: boolean;
  code: string | null;
  url: string;
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
          <Form method="post">
            <input type="hidden" name="intent" value="close-self-checkin" />
            <SubmitButton intent="close-self-checkin" className="btn danger">
              Close self check-in
            </SubmitButton>
          </Form>
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
