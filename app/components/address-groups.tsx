// The owner's "Sign-ups by address" list on Settings → Sign-up (docs/decisions/029-sign-up-and-passes.md).
import { Form } from "react-router";

/**
 * The addresses with more than one active sign-up, for the owner only: a room on one network is normal, so nothing is
 * refused by address; a flood from one is removed here in one action. Plain forms, so it works without JavaScript.
 */
export function AddressGroups({
  addresses,
  readOnly,
}: {
  addresses: readonly { address: string; count: number }[];
  readOnly: boolean;
}) {
  return (
    <section className="card" aria-labelledby="by-address-heading">
      <h2 id="by-address-heading">Sign-ups by address</h2>
      <p className="small">
        Players on one network (a venue&apos;s Wi-Fi, a mobile carrier) share an address. Removing an address&apos;s
        sign-ups removes the waiting ones and, before Round 1 is drawn, the seated ones too; once it is drawn, players
        in play are kept (drop them on their player page).
      </p>
      {addresses.length === 0 ? (
        <p>No address has more than one sign-up.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Sign-ups</th>
                {readOnly ? null : <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {addresses.map(({ address, count }) => (
                <tr key={address}>
                  <td>{address}</td>
                  <td>{count}</td>
                  {readOnly ? null : (
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-address" />
                        <input type="hidden" name="address" value={address} />
                        <button
                          type="submit"
                          className="btn danger"
                          aria-label={`Remove these sign-ups: ${count} from ${address}`}
                        >
                          Remove these sign-ups
                        </button>
                      </Form>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
