import { useEffect, useMemo, useState } from "react";
import { CHANGE_KINDS, FUZZER_NAMES, SEVERITIES, type TLabel } from "@brandwarden/contract/constants";
import { messageOf } from "../../api/client.ts";
import { dashboardApi, triageApi } from "../../api/endpoints.ts";
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import type { TDomainFindingView, TDomainFindingsPage } from "@brandwarden/contract/browser/findings";
import type { FindingsFilters } from "../../api/findings-query.ts";
import { DomainEvidence } from "../../ui/Evidence.tsx";
import { OpenTakedownButton, OpenTakedownsButton } from "../takedowns/OpenTakedown.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Pager } from "../../ui/Pager.tsx";
import { COLUMNS, DEFAULT_COLUMNS, loadColumns, PINNED_COLUMNS, saveColumns } from "./columns.tsx";
import { CampaignCell } from "./Campaigns.tsx";
import { ExportMenu } from "./ExportMenu.tsx";
import "./dashboard.css";

interface Props {
  scanId: string;
  tick: number;
  campaigns: TCampaignView[];
  /** Opens filtered (a change, severity or campaign the dashboard's panels or an alert's link picked). */
  initialFilters?: FindingsFilters;
  onLabeled(): void;
}

/** One dropdown of the filter bar: "Any …" first, then each value (or [value, text]) it narrows to. */
function FilterSelect({
  label,
  any,
  value,
  onChange,
  options,
}: {
  label: string;
  any: string;
  value: string | undefined;
  onChange(value: string): void;
  options: readonly (string | readonly [value: string, text: string])[];
}) {
  return (
    <select aria-label={label} value={value ?? ""} onChange={(e) => onChange(e.target.value)}>
      <option value="">{any}</option>
      {options.map((option) => {
        const [optionValue, text] = typeof option === "string" ? [option, option] : option;
        return (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        );
      })}
    </select>
  );
}

/** The domain findings of a scan: 15 a page, sortable by every evidence column, filtered, exportable. */
export function FindingsTable({ scanId, tick, campaigns, initialFilters = {}, onLabeled }: Props) {
  const [sort, setSort] = useState("adjusted_score");
  const [dir, setDir] = useState<"asc" | "desc">("desc");
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<FindingsFilters>(initialFilters);
  const [text, setText] = useState("");
  const [visible, setVisible] = useState<string[]>(loadColumns);
  const [data, setData] = useState<TDomainFindingsPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<TDomainFindingView | null>(null);
  /** Findings chosen for bulk takedowns, kept across pages and filters of this scan. */
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reload, setReload] = useState(0);

  // Text search waits for a pause in typing.
  useEffect(() => {
    const t = setTimeout(() => {
      // An empty box on first render is no change: the table must not load twice.
      setFilters((f) => ((f.q ?? "") === text ? f : { ...f, q: text }));
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [text]);

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    dashboardApi
      .findings({ scan_id: scanId, sort, dir, page, ...filters }, ctl.signal)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== "AbortError") setError(messageOf(err));
      })
      .finally(() => !ctl.signal.aborted && setLoading(false));
    return () => ctl.abort();
  }, [scanId, sort, dir, page, filters, tick, reload]);

  const columns = useMemo(
    () => COLUMNS.filter((c) => PINNED_COLUMNS.includes(c.key) || visible.includes(c.key)),
    [visible],
  );
  /** Pinned columns stick to the left edge, each at its own offset (see `.pin-N` in dashboard.css). */
  const pinClass = (key: string) => {
    const i = PINNED_COLUMNS.indexOf(key);
    return i < 0 ? "" : ` pin pin-${i}`;
  };
  const setFilter = (key: keyof FindingsFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const sortBy = (key: string) => {
    if (sort === key) setDir(dir === "asc" ? "desc" : "asc");
    else {
      setSort(key);
      setDir(key === "domain" ? "asc" : "desc");
    }
    setPage(1);
  };
  const toggleColumn = (key: string) => {
    const next = visible.includes(key)
      ? visible.filter((k) => k !== key)
      : COLUMNS.map((c) => c.key).filter((k) => k === key || visible.includes(k));
    setVisible(next);
    saveColumns(next);
  };
  const label = async (f: TDomainFindingView, value: TLabel) => {
    try {
      await triageApi.label("domain", f.id, value);
      setOpen(null);
      setReload((r) => r + 1);
      onLabeled();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const toggle = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const pageIds = data?.findings.map((f) => f.id) ?? [];
  const { page: _p, ...exportQuery } = { scan_id: scanId, sort, dir, page, ...filters };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <section className="card" aria-labelledby="findings-h">
      <div className="card-head">
        <h2 id="findings-h">Lookalike domains</h2>
        <div className="row">
          <details className="picker">
            <summary className="btn btn-small">Columns ({visible.length})</summary>
            <div className="picker-menu" role="group" aria-label="Visible columns">
              <div className="row-between">
                <strong>Show columns</strong>
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  onClick={() => (setVisible(DEFAULT_COLUMNS), saveColumns(DEFAULT_COLUMNS))}
                >
                  Reset
                </button>
              </div>
              <div className="picker-grid">
                {COLUMNS.map((c) => (
                  <label key={c.key} className="check">
                    <input
                      type="checkbox"
                      checked={PINNED_COLUMNS.includes(c.key) || visible.includes(c.key)}
                      disabled={PINNED_COLUMNS.includes(c.key)}
                      title={PINNED_COLUMNS.includes(c.key) ? "Always shown" : undefined}
                      onChange={() => toggleColumn(c.key)}
                    />
                    {c.label}
                  </label>
                ))}
              </div>
            </div>
          </details>
          <ExportMenu scanId={scanId} domainQuery={exportQuery} />
        </div>
      </div>
      <div className="filters" role="search" aria-label="Filter findings">
        <input
          type="search"
          aria-label="Search domains, registrars and page titles"
          placeholder="Search domain, registrar, title…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <FilterSelect
          label="Severity"
          any="Any severity"
          value={filters.severity}
          onChange={(v) => setFilter("severity", v)}
          options={[...SEVERITIES].reverse()}
        />
        <FilterSelect
          label="Label"
          any="Any label"
          value={filters.label}
          onChange={(v) => setFilter("label", v)}
          options={[
            ["unlabeled", "Unlabeled"],
            ["confirmed", "Confirmed"],
            ["benign", "Benign"],
          ]}
        />
        <FilterSelect
          label="Fuzzer"
          any="Any fuzzer"
          value={filters.fuzzer}
          onChange={(v) => setFilter("fuzzer", v)}
          options={FUZZER_NAMES}
        />
        <FilterSelect
          label="Campaign"
          any="Any campaign"
          value={filters.campaign}
          onChange={(v) => setFilter("campaign", v)}
          options={campaigns.map((c): [string, string] => [
            c.campaign_id,
            c.kind === "defensive" ? `Brand's own registrations (${c.size})` : c.name,
          ])}
        />
        <FilterSelect
          label="Change since the last scan"
          any="Any change"
          value={filters.change}
          onChange={(v) => setFilter("change", v)}
          options={[["moved", "Moved since the last scan"], ...CHANGE_KINDS]}
        />
        {filtered && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => (setFilters({}), setText(""), setPage(1))}
          >
            Clear filters
          </button>
        )}
        {loading && data && <span className="spinner" role="status" aria-label="Updating" />}
      </div>
      {selected.size > 0 && (
        <div className="findings-bulk" role="group" aria-label="Bulk actions">
          <strong>{selected.size} selected</strong>
          <OpenTakedownsButton findingIds={[...selected]} />
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </div>
      )}
      <ErrorBanner error={error} onRetry={() => setReload((r) => r + 1)} />
      {!data && !error && <Loading label="Loading findings…" />}
      {data && data.total === 0 && (
        <Empty title={filtered ? "No findings match these filters" : "No lookalike domains yet"}>
          {filtered
            ? "Clear a filter to see more."
            : "They appear here as the scan resolves permutations of your domains."}
        </Empty>
      )}
      {data && data.total > 0 && (
        <>
          <div className="table-wrap">
            <table className="table findings" aria-describedby="findings-h" data-testid="findings-table">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th
                      key={c.key}
                      scope="col"
                      className={pinClass(c.key).trim() || undefined}
                      data-column={c.key}
                      aria-sort={
                        c.sort && c.sort === sort ? (dir === "asc" ? "ascending" : "descending") : undefined
                      }
                    >
                      {c.sort ? (
                        <button type="button" className="sort" onClick={() => sortBy(c.sort!)}>
                          {c.label}
                          <span aria-hidden="true" className="sort-mark">
                            {c.sort === sort ? (dir === "asc" ? "▲" : "▼") : ""}
                          </span>
                        </button>
                      ) : (
                        c.label
                      )}
                    </th>
                  ))}
                  <th scope="col" className="sticky-end">
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={pageIds.length > 0 && pageIds.every((id) => selected.has(id))}
                        onChange={(e) => toggle(pageIds, e.target.checked)}
                      />
                      <span className="sr-only">Select every finding on this page</span>
                    </label>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.findings.map((f) => (
                  <tr key={f.id} data-domain={f.domain}>
                    {columns.map((c) =>
                      c.key === "domain" ? (
                        <td key={c.key} className={`nowrap clip${pinClass(c.key)}`}>
                          <button type="button" className="link" title={f.domain} onClick={() => setOpen(f)}>
                            {f.domain_unicode && f.domain_unicode !== f.domain
                              ? `${f.domain_unicode} (${f.domain})`
                              : f.domain}
                          </button>
                        </td>
                      ) : (
                        <td key={c.key} className={`clip${pinClass(c.key)}`}>
                          {c.key === "campaign_id" ? (
                            <CampaignCell id={f.campaign_id} campaigns={campaigns} />
                          ) : (
                            c.render(f)
                          )}
                        </td>
                      ),
                    )}
                    <td className="sticky-end">
                      <div className="row">
                        <input
                          type="checkbox"
                          aria-label={`Select ${f.domain}`}
                          checked={selected.has(f.id)}
                          onChange={(e) => toggle([f.id], e.target.checked)}
                        />
                        <OpenTakedownButton small target={{ finding_id: f.id }} name={f.domain} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager list={data} onPage={setPage} label="Findings" />
        </>
      )}
      <Dialog title={open ? open.domain : ""} open={!!open} onClose={() => setOpen(null)} wide>
        {open && (
          <div className="stack">
            <DomainEvidence f={open} />
            <div className="row">
              <button type="button" className="btn btn-danger" onClick={() => void label(open, "confirmed")}>
                Confirm threat
              </button>
              <button type="button" className="btn" onClick={() => void label(open, "benign")}>
                Mark benign
              </button>
              <OpenTakedownButton target={{ finding_id: open.id }} name={open.domain} />
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
