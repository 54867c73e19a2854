import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { classifyResponse } from "../probe-verdict.ts";
import { extractFromPage } from "./extract.ts";
import { CATALOGUE } from "./index.ts";
import { readPage } from "./page.ts";

// The catalogue on real captured answers (apps/worker/samples/social/<platform>/, see SOURCES.md):
// per platform, the share of answers whose presence, display name, bio and follower count are
// read as the answer says. Each field must be right in at least 95% of the answers.

const ROOT = join(import.meta.dirname, "../../../../samples/social");

interface Expected {
  file: string;
  status: number;
  headers: Record<string, string>;
  found: boolean;
  display_name?: string | null;
  bio?: string | null;
  followers?: number | null;
}

const FIELDS = ["presence", "display_name", "bio", "followers"] as const;
type Field = (typeof FIELDS)[number];

const norm = (s: string | null | undefined) => (s ? s.replace(/\s+/g, " ").trim() : null) || null;

/** `<platform>` holds answers of the probe used logged out; `<platform>-api` of its credentialed API. */
function entryOf(folder: string) {
  const platform = folder.replace(/-api$/, "") as TSocialPlatform;
  const entry = CATALOGUE[platform];
  if (folder === platform) return entry;
  if (!entry.with_credential) throw new Error(`${folder}: ${platform} has no credentialed API`);
  return { ...entry, ...entry.with_credential };
}

function score(folder: string, dir: string) {
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Expected[];
  const right: Record<Field, number> = { presence: 0, display_name: 0, bio: 0, followers: 0 };
  const total: Record<Field, number> = { presence: 0, display_name: 0, bio: 0, followers: 0 };
  const misses: string[] = [];
  const entry = entryOf(folder);
  for (const e of expected) {
    const body = readFileSync(join(dir, e.file), "utf8");
    const page = readPage(body, entry.extract);
    const verdict = classifyResponse(entry, { status: e.status, headers: e.headers, body }, page);
    total.presence++;
    const presenceOk = e.found ? verdict.status === "found" : verdict.status === "missing";
    if (presenceOk) right.presence++;
    else misses.push(`${e.file} presence: ${JSON.stringify(verdict)}`);
    if (!e.found) continue;
    const p = extractFromPage(entry.extract, page);
    const checks: Array<[Field, boolean, unknown, unknown]> = [
      ["display_name", norm(p.display_name) === norm(e.display_name), p.display_name, e.display_name],
      ["bio", norm(p.bio) === norm(e.bio), p.bio, e.bio],
      ["followers", p.followers === (e.followers ?? null), p.followers, e.followers],
    ];
    for (const [field, ok, got, want] of checks) {
      total[field]++;
      if (ok) right[field]++;
      else misses.push(`${e.file} ${field}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    }
  }
  return { right, total, misses };
}

const folders = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe("catalogue on real captured answers", () => {
  it("has samples for the API platforms", () => {
    expect(folders).toEqual(
      expect.arrayContaining(["github", "mastodon", "reddit", "bluesky", "youtube", "youtube-api", "x-api"]),
    );
  });

  it.each(folders)("%s: presence, name, bio and followers read right in ≥ 95% of the answers", (platform) => {
    const { right, total, misses } = score(platform, join(ROOT, platform));
    const shares = Object.fromEntries(
      FIELDS.map((f) => [f, total[f] === 0 ? 1 : right[f] / total[f]]),
    ) as Record<Field, number>;
    console.log(
      `${platform}: ` +
        FIELDS.map((f) => `${f} ${right[f]}/${total[f]} (${(shares[f] * 100).toFixed(1)}%)`).join(", "),
    );
    for (const f of FIELDS)
      expect(shares[f], `${platform} ${f}: ${misses.join("; ")}`).toBeGreaterThanOrEqual(0.95);
  });
});
