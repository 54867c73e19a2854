import { useState, type FormEvent } from "react";
import { SEVERITIES, type TSeverity } from "@brandwarden/contract/constants";
import {
  LOOKALIKE_COLLECTION,
  TAXII_DISCOVERY_PATH,
  TLP_LEVELS,
  type TTlp,
} from "@brandwarden/contract/intel-words";
import type { TAccount, TAccountUpdate } from "@brandwarden/contract/browser/account";
import { useSubmit } from "../../lib/useSubmit.ts";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Field } from "../../ui/Field.tsx";
import { Notice } from "../../ui/Notice.tsx";

/**
 * The threat-intel feed (TAXII 2.1): where a TAXII client (Sentinel, OpenCTI, MISP) connects, how it
 * signs in, the collection it reads, and what the feeds share. The sharing settings are part of the
 * brand profile: `save` stores the profile as last saved with only them changed, so edits not yet
 * saved in the profile form are neither sent nor lost.
 */
export function ThreatIntelFeed({
  account,
  saved,
  save,
  tokensShown,
}: {
  account: TAccount;
  /** Whether the page shows the API tokens section (not to an admin acting for a user). */
  tokensShown: boolean;
  /** The profile as stored, in `PUT /account`'s shape. */
  saved: TAccountUpdate;
  save(update: TAccountUpdate): Promise<void>;
}) {
  const [minSeverity, setMinSeverity] = useState<TSeverity>(account.intel.min_severity);
  const [tlp, setTlp] = useState<TTlp>(account.intel.tlp);
  const [done, setDone] = useState(false);
  const submit = useSubmit();
  const discoveryUrl = `${window.location.origin}${TAXII_DISCOVERY_PATH}`;
  const profileSaved = !!account.brand_name && account.owned_domains.length > 0;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    void submit.run(async () => {
      await save({ ...saved, intel: { min_severity: minSeverity, tlp } });
      setDone(true);
    });
  };

  return (
    <section className="card stack" aria-labelledby="intel-feed-h">
      <div>
        <h2 id="intel-feed-h">Threat-intel feed</h2>
        <p className="hint">
          Your lookalike domains as STIX 2.1 indicators over TAXII 2.1, for Microsoft Sentinel, OpenCTI, MISP
          or any TAXII client.
        </p>
      </div>
      <dl className="intel-facts">
        <dt>Discovery URL</dt>
        <dd>
          <code data-testid="taxii-discovery-url">{discoveryUrl}</code>{" "}
          <CopyButton text={discoveryUrl} label="Copy URL" />
        </dd>
        <dt>Sign-in</dt>
        <dd>
          HTTP Basic with any user name and an{" "}
          {tokensShown ? <a href="#api-tokens-h">API token</a> : "API token"} as the password, or{" "}
          <code>Authorization: Bearer &lt;token&gt;</code>.
        </dd>
        <dt>Collection</dt>
        <dd>
          <code>{LOOKALIKE_COLLECTION}</code>: your current lookalike domains at or above the minimum
          severity.
        </dd>
      </dl>
      <form className="stack-tight" onSubmit={onSubmit} noValidate aria-label="Threat-intel sharing">
        <h3>Sharing</h3>
        <p className="hint">Also applies to the STIX and MISP exports of the dashboard.</p>
        <div className="row intel-sharing">
          <Field label="Minimum severity" error={submit.fields.intel}>
            {(p) => (
              <select
                {...p}
                value={minSeverity}
                onChange={(e) => setMinSeverity(e.target.value as TSeverity)}
              >
                {[...SEVERITIES].reverse().map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="TLP marking">
            {(p) => (
              <select {...p} value={tlp} onChange={(e) => setTlp(e.target.value as TTlp)}>
                {TLP_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    TLP:{l.toUpperCase()}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {!profileSaved && (
          <p className="hint">Save the brand profile first: these settings are stored with it.</p>
        )}
        <ErrorBanner error={submit.error} />
        {done && <Notice tone="success">Sharing settings saved.</Notice>}
        <div>
          <button className="btn" disabled={submit.busy || !profileSaved}>
            {submit.busy ? "Saving…" : "Save sharing settings"}
          </button>
        </div>
      </form>
    </section>
  );
}
