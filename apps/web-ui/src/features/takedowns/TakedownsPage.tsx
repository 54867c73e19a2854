import { useEffect, useState } from "react";
import { TAKEDOWN_STATE_WORDS, TAKEDOWN_STATES } from "@brandwarden/contract/takedown-words";
import type { TTakedownCaseList } from "@brandwarden/contract/browser/takedown-cases";
import { messageOf, withQuery } from "../../api/client.ts";
import { takedownApi } from "../../api/endpoints.ts";
import { dateTime } from "../../lib/format.ts";
import { Link, navigate, useLocation, useTitle } from "../../lib/router.tsx";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Pager } from "../../ui/Pager.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import { useActingFor, useUserPaths } from "../../lib/acting-for-context.tsx";
import { ageOf, caseName, organisations, pageParam, stateParam, timeToDownWords } from "./case-words.ts";
import { StateBadge } from "./StateBadge.tsx";
import { TakedownStats } from "./TakedownStats.tsx";
import "./takedowns.css";

/**
 * The user's takedown cases, newest first, filtered by state; the filter and page are in the URL
 * (`/takedowns?state=sent&page=2`), so a reload or a shared link shows the same list. An admin
 * acting for a user sees theirs at `/admin/users/:id/takedowns`.
 */
export function TakedownsPage() {
  const acting = useActingFor();
  const paths = useUserPaths();
  useTitle(acting ? `Takedowns · ${acting.email}` : "Takedowns");
  const { query } = useLocation();
  const state = stateParam(query.get("state"));
  const page = pageParam(query.get("page"));
  const [data, setData] = useState<TTakedownCaseList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    takedownApi.list({ state, page }, ctl.signal).then(
      (d) => (setData(d), setError(null)),
      (err: unknown) => (err as Error).name !== "AbortError" && setError(messageOf(err)),
    );
    return () => ctl.abort();
  }, [state, page, reload]);

  const go = (next: { state?: string; page?: number }) =>
    navigate(
      withQuery(paths.takedowns, {
        state: next.state,
        page: next.page && next.page > 1 ? next.page : undefined,
      }),
    );
  const now = Date.now();

  return (
    <div className="stack">
      <div className="page-head">
        <h1>{acting ? `Takedowns of ${acting.email}` : "Takedowns"}</h1>
        <p className="muted">
          One case per lookalike, from the evidence pack to the site being down. Open one from a finding.
        </p>
      </div>
      <TakedownStats />
      <section className="card" aria-labelledby="td-cases-h">
        <div className="card-head">
          <h2 id="td-cases-h">Cases</h2>
          <div className="filters" role="search" aria-label="Filter cases">
            <select aria-label="State" value={state ?? ""} onChange={(e) => go({ state: e.target.value })}>
              <option value="">Any state</option>
              {TAKEDOWN_STATES.map((s) => (
                <option key={s} value={s}>
                  {TAKEDOWN_STATE_WORDS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ErrorBanner error={error} onRetry={() => setReload((r) => r + 1)} />
        {!data && !error && <Loading label="Loading takedown cases…" />}
        {data && data.total === 0 && (
          <Empty
            title={state ? `No ${TAKEDOWN_STATE_WORDS[state].toLowerCase()} case` : "No takedown case yet"}
          >
            {state ? (
              <button type="button" className="btn btn-small" onClick={() => go({})}>
                Show every state
              </button>
            ) : (
              <>
                Press “Open takedown” on a finding in the <Link to="/dashboard">dashboard</Link> or on a
                lookalike's page.
              </>
            )}
          </Empty>
        )}
        {data && data.total > 0 && (
          <>
            <div className="table-wrap">
              <table className="table" aria-describedby="td-cases-h" data-testid="takedown-cases">
                <TableHead columns={["Lookalike", "State", "Recipients", "Age", "Time to down"]} />
                <tbody>
                  {data.cases.map((c) => (
                    <tr key={c.case_id} data-case={c.case_id} data-state={c.state}>
                      <td className="clip">
                        <Link to={`${paths.takedowns}/${c.case_id}`}>{caseName(c)}</Link>
                      </td>
                      <td>
                        <StateBadge state={c.state} />
                      </td>
                      <td className="clip">{organisations(c.recipients)}</td>
                      <td title={`Opened ${dateTime(c.opened_at)}`}>{ageOf(c.opened_at, now)}</td>
                      <td>{timeToDownWords(c.time_to_down_s)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager list={data} onPage={(p) => go({ state, page: p })} label="Cases" noun="case" />
          </>
        )}
      </section>
    </div>
  );
}
