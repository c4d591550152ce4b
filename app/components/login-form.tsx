// The login form used by /login and /auth: a plain post that JavaScript only checks before sending.
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { LoginActionData } from "~/lib/login-action.server";

export function LoginForm({
  actionData,
  redirectTo,
  demoLogin,
  placeholders,
}: {
  actionData?: LoginActionData;
  redirectTo?: string | null;
  demoLogin: boolean;
  placeholders: { username: string; password: string };
}) {
  const navigation = useNavigation();
  const [clientError, setClientError] = useState(false);
  const pending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const error = clientError
    ? { title: "Missing credentials", message: null, description: "Please enter both username and password." }
    : actionData;
  return (
    <Form
      method="post"
      noValidate
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const empty = !String(form.get("username") ?? "").trim() || !String(form.get("password") ?? "");
        setClientError(empty);
        // docs/rules.md: with a field empty, the message shows and nothing is sent.
        if (empty) event.preventDefault();
      }}
    >
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {error ? (
        <div className="alert error" role="alert" style={{ marginBottom: "1rem" }}>
          <strong>{error.title}</strong>
          {error.message ? <div>{error.message}</div> : null}
          <div className="small">{error.description}</div>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="username">Username</label>
        <input
          id="username"
          name="username"
          type="text"
          autoComplete="username"
          placeholder={placeholders.username}
          defaultValue={actionData?.username ?? ""}
          maxLength={100}
        />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={placeholders.password}
          maxLength={200}
        />
      </div>
      <button type="submit" className="btn primary block" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </button>
      {demoLogin ? (
        <p className="muted small" style={{ marginTop: "0.75rem" }}>
          Demo: Use any username/password combination
        </p>
      ) : null}
    </Form>
  );
}

/** What both login screens say under the form (SPEC.md, section 1): who may do what, and that the app is experimental. */
export function LoginNotes() {
  return (
    <>
      <div className="alert" style={{ marginTop: "1rem" }}>
        <p className="small" style={{ margin: 0 }}>
          Regular users create and manage their own tournaments. Master admins have full access to every tournament.
        </p>
      </div>
      <div className="alert warning" style={{ marginTop: "0.75rem" }}>
        <p className="small" style={{ margin: 0 }}>
          This application is experimental. Features and data may change.
        </p>
      </div>
    </>
  );
}
