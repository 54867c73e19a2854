import { useCallback, useEffect, useState } from "react";
import { messageOf } from "../../api/client.ts";
import { monitoringApi } from "../../api/endpoints.ts";
import type { TDomainFindingView, TSocialFindingView } from "@brandwarden/contract/browser/findings";
import type { TFindingDetail, TLookalikeDetail } from "@brandwarden/contract/browser/monitoring";
import type { TTrackedLookalike } from "@brandwarden/contract/monitoring";
import { DomainEvidence, SocialEvidence, TrackedEvidence } from "../../ui/Evidence.tsx";
import { OpenTakedownButton } from "../takedowns/OpenTakedown.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { SeverityBadge } from "../../ui/SeverityBadge.tsx";
import { dateTime } from "../../lib/format.ts";
import { Link, useTitle } from "../../lib/router.tsx";
import { ChangeBadge, LifecycleBadge } from "./badges.tsx";
import { ChangeList } from "./ChangeList.tsx";
import { DetectionFacts, firstSeenPhrase } from "./DetectionFacts.tsx";
import { Timeline } from "./Timeline.tsx";

type Loaded = {
  lookalike: TTrackedLookalike | null;
  finding: TDomainFindingView | TSocialFindingView | null;
  timeline: TLookalikeDetail["timeline"];
  /** The tracked record's latest evidence (what is known before any scan lists it). */
  evidence: TLookalikeDetail["evidence"] | null;
  /** Registered, certificate and first seen, and the time to detect (on a lookalike's own page). */
  detection: TLookalikeDetail["detection"] | null;
};

const isDomain = (f: TDomainFindingView | TSocialFindingView): f is TDomainFindingView => "domain" in f;
const findingName = (f: TDomainFindingView | TSocialFindingView) =>
  isDomain(f) ? f.domain : `${f.platform}:${f.handle}`;

/**
 * One lookalike: its lifecycle state and dates, the finding (with how it changed since the
 * previous scan), its timeline, and what an analyst does next (open a takedown case, confirm).
 * Opened as `/lookalikes/<id>` or from a finding as `/findings/<id>` (the links alerts carry).
 */
export function LookalikePage({
  lookalikeId,
  findingId,
  kind,
}: {
  lookalikeId?: string;
  findingId?: string;
  kind?: "domain" | "social";
}) {
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = data?.lookalike?.name ?? (data?.finding ? findingName(data.finding) : "Lookalike");
  useTitle(name);

  const load = useCallback(async () => {
    try {
      const r: TLookalikeDetail | TFindingDetail = lookalikeId
        ? await monitoringApi.lookalike(lookalikeId)
        : await monitoringApi.finding(findingId!, kind);
      setData({
        lookalike: r.lookalike,
        finding: r.finding,
        timeline: r.timeline,
        evidence: "evidence" in r ? r.evidence : null,
        detection: "detection" in r ? r.detection : null,
      });
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  }, [lookalikeId, findingId, kind]);
  useEffect(() => void load(), [load]);

  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      await load();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  if (!data && error) return <ErrorBanner error={error} onRetry={() => void load()} />;
  if (!data) return <Loading label="Loading the lookalike…" />;
  const { lookalike: l, finding: f } = data;
  const domainFinding = f && isDomain(f) ? f : null;
  const canTakedown = domainFinding && domainFinding.resolve_status === "registered";
  const socialFinding = f && !isDomain(f) ? f : null;
  return (
    <div className="stack">
      <div className="page-head row-between">
        <div>
          <h1 className="break">{name}</h1>
          <p className="muted" data-testid="lookalike-summary">
            {l ? (
              <>
                <LifecycleBadge state={l.state} /> · first seen {dateTime(l.first_seen_at)} (
                {firstSeenPhrase(l.discovered_by, l.name).toLowerCase()})
                {l.last_seen_at && <> · last seen {dateTime(l.last_seen_at)}</>}
                {l.takedown_requested_at && <> · takedown sent {dateTime(l.takedown_requested_at)}</>}
                {l.down_at && <> · down since {dateTime(l.down_at)}</>}
                {l.reemerged_at && <> · back {dateTime(l.reemerged_at)}</>}
              </>
            ) : (
              "Not tracked yet: it will be once its scan completes."
            )}
          </p>
        </div>
        <div className="row">
          {canTakedown && (
            <OpenTakedownButton target={{ finding_id: domainFinding.id }} name={domainFinding.domain} />
          )}
          {socialFinding && socialFinding.status === "found" && !socialFinding.owned_evidence && (
            <OpenTakedownButton
              target={{ social_finding_id: socialFinding.id }}
              name={findingName(socialFinding)}
            />
          )}
          {l && l.state !== "malicious" && l.state !== "down" && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void act(() => monitoringApi.confirm(l.id))}
            >
              Confirm malicious
            </button>
          )}
        </div>
      </div>
      <ErrorBanner error={error} />
      {f && f.change && (
        <section className="card" aria-labelledby="change-h">
          <h2 id="change-h">
            Since the previous scan: <ChangeBadge change={f.change} />
          </h2>
          {f.change === "unchanged" ? (
            <p className="muted">Nothing material moved.</p>
          ) : (
            <ChangeList changes={f.changes} />
          )}
          <p className="muted">
            From <Link to={`/dashboard?scan=${f.scan_id}`}>this scan</Link>
            {f.first_seen_at && <>; first seen {dateTime(f.first_seen_at)}</>}.
          </p>
        </section>
      )}
      {data.detection && l && <DetectionFacts detection={data.detection} name={l.name} />}
      <div className="grid-2">
        <section className="card" aria-labelledby="timeline-h">
          <h2 id="timeline-h">Timeline</h2>
          <Timeline entries={data.timeline} />
        </section>
        <section className="card" aria-labelledby="evidence-h">
          <h2 id="evidence-h">
            Evidence{" "}
            {f ? (
              <SeverityBadge severity={f.adjusted_severity ?? f.severity ?? "info"} />
            ) : (
              l?.severity && <SeverityBadge severity={l.severity} />
            )}
          </h2>
          {f ? (
            isDomain(f) ? (
              <DomainEvidence f={f} />
            ) : (
              <SocialEvidence f={f} />
            )
          ) : (
            <>
              <p className="muted">
                {l?.discovered_by === "ct"
                  ? "Found in a Certificate Transparency log"
                  : l?.discovered_by === "zone" || l?.discovered_by === "nrd"
                    ? firstSeenPhrase(l.discovered_by, l.name)
                    : "Seen by the watch"}
                ; the next scan adds it to the findings.
              </p>
              {data.evidence && <TrackedEvidence evidence={data.evidence} />}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
