import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ownedSiteLinks } from "./owned-site-links.ts";
import { socialConfigFromEnv } from "./social-config.ts";
import type { SocialHttp } from "./social-http.ts";
import type { SocialRuntime } from "./social-runtime.ts";

// The other half of a rel=me proof, on a real captured home page (samples/social-links/SOURCES.md):
// the accounts a site links to, named as the catalogue names them.

const PAGE = readFileSync(join(import.meta.dirname, "../../../samples/social-links/jamesg-blog-index.html"));

function runtimeServing(pages: Record<string, Buffer | Error>): { rt: SocialRuntime; asked: string[] } {
  const asked: string[] = [];
  const http: SocialHttp = {
    async request(url) {
      asked.push(url);
      const page = pages[url];
      if (page instanceof Error) throw page;
      return page ? { url, status: 200, headers: {}, body: page } : { url, status: 404, headers: {}, body: Buffer.alloc(0) }; // prettier-ignore
    },
    requests: 0,
    close: async () => undefined,
  };
  const rt = { config: socialConfigFromEnv({}), http, embedder: null, now: () => new Date(0), close: async () => undefined }; // prettier-ignore
  return { rt: rt as unknown as SocialRuntime, asked };
}

describe("ownedSiteLinks", () => {
  it("names the accounts an owned home page links to", async () => {
    const { rt, asked } = runtimeServing({ "https://jamesg.blog/": PAGE });
    const accounts = await ownedSiteLinks(rt, ["jamesg.blog"]);
    expect([...accounts]).toEqual(expect.arrayContaining(["github:capjamesg", "instagram:capjamesg"]));
    expect(asked).toEqual(["https://jamesg.blog/"]);
  });

  it("an unreachable or missing site proves nothing and does not throw", async () => {
    const { rt } = runtimeServing({ "https://down.example/": new Error("ECONNREFUSED") });
    expect([...(await ownedSiteLinks(rt, ["down.example", "missing.example"]))]).toEqual([]);
  });
});
