import { plural } from "../lib/format.ts";
import "./Pager.css";

/** The footer of a paged list; `list` is the page the API returned (its page, per_page and total). */
export function Pager({
  list: { page, per_page: perPage, total },
  onPage,
  label,
  noun = "finding",
}: {
  list: { page: number; per_page: number; total: number };
  onPage(page: number): void;
  label: string;
  /** What is counted ("1–15 of 40 findings"). */
  noun?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <span className="muted">
        {first}–{last} of {plural(total, noun)}
      </span>
      <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </button>
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next →
      </button>
    </nav>
  );
}
