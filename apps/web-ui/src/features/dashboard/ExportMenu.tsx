import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { FINDINGS_EXPORTS } from "@brandwarden/contract/intel-words";
import type { FindingsQuery } from "../../api/findings-query.ts";
import { exportUrls, type TableFormat } from "../../api/endpoints.ts";

const FORMAT_NAMES: Record<TableFormat, string> = { csv: "CSV", json: "JSON", jsonl: "JSON Lines" };

interface Entry {
  label: string;
  href: string;
}

/** The menu's entries, in groups: both findings tables in each format, then the threat-intel files. */
function groupsOf(scanId: string, domainQuery: Omit<FindingsQuery, "page">) {
  return [
    {
      name: "Domain findings",
      entries: FINDINGS_EXPORTS.domain.formats.map((f): Entry => ({
        label: `Domain findings (${FORMAT_NAMES[f]})`,
        href: exportUrls.domain(f, domainQuery),
      })),
    },
    {
      name: "Social findings",
      entries: FINDINGS_EXPORTS.social.formats.map((f): Entry => ({
        label: `Social findings (${FORMAT_NAMES[f]})`,
        href: exportUrls.social(f, scanId),
      })),
    },
    {
      name: "Threat intel",
      entries: [
        { label: "STIX 2.1 bundle", href: exportUrls.stix(scanId) },
        { label: "MISP event", href: exportUrls.misp(scanId) },
      ],
    },
  ];
}

/**
 * The dashboard's export menu (WAI-ARIA menu button): Enter, Space or ↓ opens it on the first
 * entry, ↑/↓/Home/End move, Enter downloads, Escape closes back to the button. Each entry is a
 * plain download link of the scan shown, so it also works from the mouse or a middle click.
 */
export function ExportMenu({
  scanId,
  domainQuery,
}: {
  scanId: string;
  domainQuery: Omit<FindingsQuery, "page">;
}) {
  /** Closed, or open with the focus going to its first or last entry. */
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const groups = groupsOf(scanId, domainQuery);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  // Focus moves into the menu as it opens, before the next key press is handled.
  useLayoutEffect(() => {
    if (!open) return;
    const all = items();
    (open === "first" ? all[0] : all[all.length - 1])?.focus();
  }, [open]);
  const openOn = (which: "first" | "last") => setOpen(which);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // A click anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      openOn(e.key === "ArrowDown" ? "first" : "last");
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === "ArrowDown") move(at + 1);
    else if (e.key === "ArrowUp") move(at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(all.length - 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      close(true);
    } else if (e.key === "Tab") setOpen(false);
    else if (e.key === " ") {
      // Space activates a menu item as Enter does.
      e.preventDefault();
      (document.activeElement as HTMLElement | null)?.click();
    }
  };

  return (
    <div className="export-menu">
      <button
        ref={button}
        type="button"
        className="btn btn-small"
        aria-haspopup="menu"
        aria-expanded={!!open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openOn("first"))}
        onKeyDown={onButtonKey}
      >
        Export ▾
      </button>
      <div
        ref={menu}
        id={menuId}
        role="menu"
        aria-label="Export"
        className="export-menu-list"
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {groups.map((g, i) => (
          <Fragment key={g.name}>
            {i > 0 && <div role="separator" className="export-menu-sep" />}
            <div role="group" aria-label={g.name}>
              <div className="export-menu-head" aria-hidden="true">
                {g.name}
              </div>
              {g.entries.map((entry) => (
                <a
                  key={entry.label}
                  role="menuitem"
                  tabIndex={-1}
                  href={entry.href}
                  download
                  onClick={() => close(true)}
                >
                  {entry.label}
                </a>
              ))}
            </div>
          </Fragment>
        ))}
      </div>
    </div>
  );
}
