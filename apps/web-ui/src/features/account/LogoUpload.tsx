import { useState } from "react";
import { messageOf } from "../../api/client.ts";
import { accountApi } from "../../api/endpoints.ts";
import type { TAccount } from "@brandwarden/contract/browser/account";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Notice } from "../../ui/Notice.tsx";
import "./account.css";

const MAX_BYTES = 1024 * 1024;
const ACCEPT = "image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg";

/** The brand logo (PNG, JPEG or SVG up to 1 MiB); the server checks the bytes and sanitises SVG. */
export function LogoUpload({ account, onUploaded }: { account: TAccount; onUploaded(): void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [version, setVersion] = useState(0);

  const upload = async (file: File | undefined) => {
    setError(null);
    setDone(false);
    if (!file) return;
    if (file.size > MAX_BYTES)
      return setError("That file is larger than 1 MiB. Export a smaller logo and try again.");
    if (!/\.(png|jpe?g|svg)$/i.test(file.name) && !/^image\/(png|jpeg|svg\+xml)$/.test(file.type))
      return setError("Choose a PNG, JPEG or SVG image.");
    setBusy(true);
    try {
      await accountApi.uploadLogo(file, account.id);
      setDone(true);
      setVersion((v) => v + 1);
      onUploaded();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="logo-h">
      <h2 id="logo-h">Logo</h2>
      <div className="logo-row">
        <div className="logo-preview">
          {account.has_logo || version > 0 ? (
            <img src={`/media/logos/${account.id}?v=${version}`} alt="Current brand logo" />
          ) : (
            <span className="muted">No logo</span>
          )}
        </div>
        <div className="stack-tight">
          <label htmlFor="logo-file">Upload a logo</label>
          <input
            id="logo-file"
            type="file"
            accept={ACCEPT}
            disabled={busy}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
          <p className="hint">PNG, JPEG or SVG, at most 1 MiB. Used to spot cloned logos and in reports.</p>
        </div>
      </div>
      <ErrorBanner error={error} />
      {done && <Notice tone="success">Logo uploaded.</Notice>}
    </section>
  );
}
