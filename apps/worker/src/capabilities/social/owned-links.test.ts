import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ownershipEvidence, profileLinks, relMeLinks } from "./owned-links.ts";

// Real samples (apps/worker/samples/social-links/SOURCES.md): Mastodon's documented accounts,
// a recorded GitHub user, the microformats rel test suite.

const DIR = join(import.meta.dirname, "../../../samples/social-links");
const read = (f: string) => readFileSync(join(DIR, f), "utf8");
const norm = (u: string) => new URL(u).toString();

describe("owned-account links on real samples", () => {
  it("reads rel=me links as the microformats suite expects (share of documents right)", () => {
    const dir = join(DIR, "microformats-rel");
    const cases = readdirSync(dir).filter((f) => f.endsWith(".html"));
    let right = 0;
    for (const f of cases) {
      const expected =
        (
          JSON.parse(readFileSync(join(dir, f.replace(/\.html$/, ".json")), "utf8")) as {
            rels: Record<string, string[]>;
          }
        ).rels.me ?? [];
      const got = relMeLinks(readFileSync(join(dir, f), "utf8"), "http://example.com/");
      if (JSON.stringify(got) === JSON.stringify(expected.map(norm))) right++;
    }
    console.log(`rel=me links: ${right}/${cases.length} documents right`);
    expect(cases.length).toBeGreaterThanOrEqual(7);
    expect(right / cases.length).toBeGreaterThanOrEqual(0.95);
  });

  it("reads the rel=me links of a real home page (indieweb-utils' expected links), never mailto:", () => {
    const links = relMeLinks(read("jamesg-blog-index.html"), "https://jamesg.blog/");
    const expected = ["https://indieweb.org/User:Jamesg.blog", "https://indieweb.social/@capjamesg", "https://micro.blog/capjamesg", "https://jamesg.coffee/"]; // prettier-ignore
    const right = expected.filter((u) => links.includes(u)).length;
    console.log(`rel=me links on jamesg.blog: ${right}/${expected.length} expected found`);
    expect(right).toBe(expected.length);
    expect(links).toContain("https://github.com/capjamesg");
    expect(links.some((u) => u.startsWith("mailto:"))).toBe(false);
  });

  it("reads Mastodon fields with their verified_at (share of fields right)", () => {
    const accounts = ["mastodon-account-noiob.json", "mastodon-credential-account-trwnh.json"];
    let fields = 0;
    let right = 0;
    for (const f of accounts) {
      const body = read(f);
      const json = JSON.parse(body) as { fields: Array<{ value: string; verified_at: string | null }> };
      const links = profileLinks("mastodon", body, []);
      for (const field of json.fields) {
        const href = /href="([^"]+)"/.exec(field.value)?.[1];
        if (!href) continue;
        fields++;
        const got = links.find((l) => l.url === norm(href));
        if (got && got.platformVerified === (field.verified_at !== null)) right++;
      }
    }
    console.log(`Mastodon field links with verification: ${right}/${fields} right`);
    expect(fields).toBeGreaterThanOrEqual(5);
    expect(right / fields).toBeGreaterThanOrEqual(0.95);
  });

  it("a Mastodon account with a verified link to an owned domain is owned; unverified is not", () => {
    const body = read("mastodon-account-noiob.json");
    const links = profileLinks("mastodon", body, []);
    const never = () => false;
    expect(
      ownershipEvidence({ platform: "mastodon", handle: "noiob", links, ownedDomains: ["shork.xyz"], linkedFromOwnedSite: never }),
    ).toMatch(/platform-verified link to http:\/\/shork\.xyz\//);
    // botsin.space appears only in an unverified field: a claim, not proof.
    expect(
      ownershipEvidence({ platform: "mastodon", handle: "noiob", links, ownedDomains: ["botsin.space"], linkedFromOwnedSite: never }),
    ).toBeNull();
  }); // prettier-ignore

  it("GitHub's blog field is owned only when the owned site links back to the account", () => {
    const body = read("github-user-rafaparadela.json");
    const links = profileLinks("github", body, []);
    expect(links).toContainEqual({ url: "http://rafaparadela.github.io/", source: "github_blog", platformVerified: false });
    const input = { platform: "github" as const, handle: "rafaparadela", links, ownedDomains: ["rafaparadela.github.io"] };
    expect(ownershipEvidence({ ...input, linkedFromOwnedSite: () => false })).toBeNull();
    expect(
      ownershipEvidence({ ...input, linkedFromOwnedSite: (p, h) => p === "github" && h === "rafaparadela" }),
    ).toMatch(/GitHub blog field to http:\/\/rafaparadela\.github\.io\/, and rafaparadela\.github\.io links back/);
  }); // prettier-ignore

  it("a Bluesky handle that is an owned domain (or under one) is the brand's", () => {
    const base = { platform: "bluesky" as const, links: [], ownedDomains: ["acme.com"], linkedFromOwnedSite: () => false };
    expect(ownershipEvidence({ ...base, handle: "acme.com" })).toMatch(/owned domain acme\.com/);
    expect(ownershipEvidence({ ...base, handle: "support.acme.com" })).toMatch(/owned domain acme\.com/);
    expect(ownershipEvidence({ ...base, handle: "acme.com.bsky.social" })).toBeNull();
    expect(ownershipEvidence({ ...base, handle: "notacme.com" })).toBeNull();
  }); // prettier-ignore

  it("garbage in: no links, no throw", () => {
    expect(profileLinks("x", "{not json", [])).toEqual([]);
    expect(profileLinks("x", "<a rel=me href='javascript:alert(1)'>x</a>", ["not a url", "ftp://a"])).toEqual(
      [],
    );
  });
});
