import { useState } from "react";
import { messageOf } from "../../api/client.ts";
import { accountApi } from "../../api/endpoints.ts";

/** Revokes the snapshot links sent in webhooks so far (say one leaked); later webhooks carry new ones. */
export function RevokeSnapshotLinks() {
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  const revoke = async () => {
    setState({ busy: true });
    try {
      await accountApi.revokeSnapshotLinks();
      setState({ busy: false, message: "Every snapshot link sent so far is revoked." });
    } catch (err) {
      setState({ busy: false, message: messageOf(err) });
    }
  };
  return (
    <p className="hint">
      <button type="button" className="btn" disabled={state.busy} onClick={() => void revoke()}>
        {state.busy ? "Revoking…" : "Revoke snapshot links"}
      </button>{" "}
      <span role="status">{state.message}</span>
    </p>
  );
}
