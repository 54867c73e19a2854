import type { TSignals } from "@brandwarden/contract/findings";
import type { TDomainFindingView, TSocialFindingView } from "@brandwarden/contract/browser/findings";
import { cell, date, humanise, scoreOf, severityOf } from "../lib/format.ts";
import { SeverityBadge } from "./SeverityBadge.tsx";
import { TableHead } from "./TableHead.tsx";
import { AiDemotionNote } from "./AiDemotion.tsx";
import "./Evidence.css";

/** The evidence behind a finding, side by side: picture, signals and why, registration, hosting. */

function Facts({ rows }: { rows: Array<[string, unknown]> }) {
  return (
    <dl className="facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>
            {typeof v === "string" && v.startsWith("http") ? <span className="break">{v}</span> : cell(v)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Signals({ signals }: { signals: TSignals | null }) {
  const all = Object.entries(signals ?? {});
  const entries = all
    .filter(([, s]) => s.points !== 0)
    .sort((a, b) => Math.abs(b[1].points) - Math.abs(a[1].points));
  const quiet = all.filter(([, s]) => s.points === 0);
  if (!all.length)
    return <p className="muted">No signals recorded yet; the finding is still being enriched.</p>;
  return (
    <>
      <table className="table table-compact signals">
        <caption className="sr-only">Signals and the points each added</caption>
        <TableHead columns={["Signal", "Evidence", "Points"]} numeric={["Points"]} />
        <tbody>
          {entries.map(([name, s]) => (
            <tr key={name}>
              <td>{humanise(name)}</td>
              <td>{s.value === null ? <span className="muted">unknown</span> : cell(s.value)}</td>
              <td className={`num ${s.points > 0 ? "pts-up" : "pts-down"}`}>
                {s.points > 0 ? "+" : ""}
                {cell(s.points)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {quiet.length > 0 && (
        <details className="quiet">
          <summary>{quiet.length} signals added nothing</summary>
          <p className="muted">
            {quiet.map(([name, s]) => `${humanise(name)}${s.value === null ? " (unknown)" : ""}`).join(" · ")}
          </p>
        </details>
      )}
    </>
  );
}

function Verdict({ f }: { f: TDomainFindingView | TSocialFindingView }) {
  return (
    <div className="verdict">
      <SeverityBadge severity={severityOf(f)} />
      <span className="score">
        Score <strong>{cell(scoreOf(f))}</strong>
        {f.adjusted_score !== null && f.score !== null && f.adjusted_score !== f.score && (
          <span className="muted"> (base {cell(f.score)})</span>
        )}
      </span>
      {f.ai_verdict && (
        <span className="muted">
          AI review: <strong>{f.ai_verdict}</strong>
          {f.ai_confidence !== null && ` (${Math.round(f.ai_confidence * 100)}%)`}
        </span>
      )}
      <AiDemotionNote demotion={f.ai_demotion} />
    </div>
  );
}

const SOURCE_NAMES: Record<string, string> = {
  permutation: "permutations",
  ct: "Certificate Transparency",
  zone: "zone files",
  nrd: "the newly registered domains list",
};

/** "Certificate Transparency", "permutations and Certificate Transparency"; null for findings from before sources. */
function foundBy(sources: string[] | null): string | null {
  return sources?.length ? sources.map((s) => SOURCE_NAMES[s] ?? s).join(" and ") : null;
}

/**
 * What is known of a lookalike no scan has listed yet (found in a CT log or by the watch): the
 * latest evidence its tracked record keeps, the facts that are known.
 */
export function TrackedEvidence({ evidence: e }: { evidence: Record<string, unknown> }) {
  const feeds = Array.isArray(e.threat_feed_hits)
    ? (e.threat_feed_hits as Array<{ feed?: string }>).map((h) => h.feed)
    : null;
  const rows: Array<[string, unknown]> = [
    ["Score", e.score],
    ["Resolves", e.resolve_status],
    ["Page title", e.page_title],
    ["Login form", e.login_form],
    ["Found by", foundBy(Array.isArray(e.discovered_by) ? (e.discovered_by as string[]) : null)],
    ["Lookalike of", e.original_domain],
    ["Registrar", e.registrar],
    ["Registered", e.registration_created],
    ["Addresses", e.dns_a],
    ["Hosting", e.asn_org],
    ["Country", e.ip_country],
    ["Mail (MX)", e.dns_mx],
    ["TLS issuer", e.tls_issuer],
    ["Threat feeds", feeds],
  ];
  const known = rows.filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && !v.length));
  return known.length ? <Facts rows={known} /> : null;
}

export function DomainEvidence({ f }: { f: TDomainFindingView }) {
  return (
    <div className="evidence">
      <div className="evidence-shot">
        {f.screenshot_url ? (
          <img src={f.screenshot_url} alt={`Screenshot of ${f.domain}`} />
        ) : (
          <div className="shot-empty">No screenshot: the site did not answer or was not captured.</div>
        )}
        <Facts
          rows={[
            ["Page title", f.page_title],
            ["Final URL", f.final_url],
            ["HTTP status", f.http_status],
            ["Login form", f.login_form],
            ["Password form", f.password_form],
            ["Form posts to", f.form_action],
            ["Brand in page", f.brand_in_page],
            ["Parked", f.parked],
          ]}
        />
      </div>
      <div className="evidence-facts">
        <section>
          <h3>Signals and why</h3>
          <Verdict f={f} />
          {f.ai_reasoning && <p className="reasoning">{f.ai_reasoning}</p>}
          <Signals signals={f.signals} />
          {!!f.threat_feed_hits?.length && (
            <p>
              Threat feeds:{" "}
              {f.threat_feed_hits
                .map((h) => `${h.feed} (${h.matched}${h.first_seen ? `, ${date(h.first_seen)}` : ""})`)
                .join(", ")}
            </p>
          )}
        </section>
        <section>
          <h3>Registration</h3>
          <Facts
            rows={[
              ["Registrar", f.registrar],
              ["Registered", f.registration_created],
              ["Expires", f.registration_expires],
              ["Privacy protected", f.privacy_protected],
              ["Status", f.registration_status],
              ["Registrar abuse", f.registrar_abuse_email],
            ]}
          />
        </section>
        <section>
          <h3>How it was found</h3>
          <Facts
            rows={[
              ["Found by", foundBy(f.discovered_by)],
              ["Why found", f.discovery_reason],
              ["Lookalike of", f.original_domain],
              ["Fuzzer", f.fuzzers?.length ? f.fuzzers : f.fuzzer],
            ]}
          />
        </section>
        <section>
          <h3>Hosting</h3>
          <Facts
            rows={[
              ["Addresses", f.dns_a],
              ["ASN", f.asn ? `AS${f.asn} ${f.asn_org ?? ""}` : null],
              ["Country", f.ip_country],
              ["Name servers", f.dns_ns],
              ["Mail (MX)", f.dns_mx],
              ["TLS issuer", f.tls_issuer],
              ["Hosting abuse", f.hosting_abuse_email],
              ["Campaign", f.campaign_id],
            ]}
          />
        </section>
      </div>
    </div>
  );
}

export function SocialEvidence({ f }: { f: TSocialFindingView }) {
  return (
    <div className="evidence">
      <div className="evidence-shot">
        {f.avatar_url ? (
          <img className="avatar-large" src={f.avatar_url} alt={`Avatar of @${f.handle}`} />
        ) : (
          <div className="shot-empty">No avatar captured.</div>
        )}
        <Facts
          rows={[
            ["Display name", f.display_name],
            ["Bio", f.bio],
            ["Profile", f.profile_url],
            ["Followers", f.followers],
            ["Verified", f.verified],
            ["Created", f.account_created],
            ["Disclaimer", f.disclaimer],
            ["Owned by the brand", f.owned_evidence],
          ]}
        />
      </div>
      <div className="evidence-facts">
        <section>
          <h3>Signals and why</h3>
          <Verdict f={f} />
          {f.ai_reasoning && <p className="reasoning">{f.ai_reasoning}</p>}
          <Signals signals={f.signals} />
        </section>
        <section>
          <h3>Similarity</h3>
          <Facts
            rows={[
              ["Name", f.name_similarity],
              ["Bio", f.bio_similarity],
              ["Avatar", f.avatar_similarity],
              ["Method", f.similarity_method],
              ["Found by", f.discovered_by],
              ["Links", f.links],
            ]}
          />
        </section>
      </div>
    </div>
  );
}
