import { handleFromUrl } from "./catalogue/index.ts";
import { anchorsOf } from "./owned-links.ts";
import type { SocialRuntime } from "./social-runtime.ts";

// The other half of a rel=me proof: the accounts the brand's own sites link to. Each owned
// domain's home page is fetched once (through the guarded client) and its links read with
// htmlparser2; a link to a profile URL of a catalogued platform names `platform:handle`.

const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export async function ownedSiteLinks(
  rt: SocialRuntime,
  ownedDomains: readonly string[],
  signal?: AbortSignal,
): Promise<Set<string>> {
  const accounts = new Set<string>();
  await Promise.all(
    ownedDomains.slice(0, 10).map(async (domain) => {
      const home = `https://${domain}/`;
      try {
        const res = await rt.http.request(home, {
          headers: { accept: "text/html" },
          signal,
          maxBytes: MAX_PAGE_BYTES,
        });
        if (res.status !== 200) return;
        for (const a of anchorsOf(res.body.toString("utf8"))) {
          let url: string;
          try {
            url = new URL(a.href, home).toString();
          } catch {
            continue;
          }
          const hit = handleFromUrl(url, rt.config.bases);
          if (hit) accounts.add(`${hit.platform}:${hit.handle.toLowerCase()}`);
        }
      } catch {
        // An unreachable owned site proves nothing either way: its accounts stay scored.
      }
    }),
  );
  return accounts;
}
