import { createHash } from "node:crypto";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { ChainResult, HttpClient } from "../../../ports/http/http.port.ts";
import type { BrandTerms } from "../../brand/brand-context.ts";
import { analyzeHtml, isBrandUrl, type HtmlAnalysis } from "./html-analysis.ts";
import { htmlFuzzyHash, htmlSimilarity } from "./fuzzy-hash.ts";

// The web side of a lookalike: HTTP and HTTPS fetched with their redirect chains, the better of
// the two analysed, the favicon hashed, the page compared with the brand's own.

interface OwnedProfileHashes {
  html_hash: string | null;
  favicon_hash: string | null;
  screenshot_hash: string | null;
}

interface WebFields {
  http_status: number | null;
  final_url: string | null;
  redirect_chain: string[] | null;
  page_title: string | null;
  page_size: number | null;
  page_language: string | null;
  login_form: boolean | null;
  password_form: boolean | null;
  form_action: string | null;
  brand_in_page: boolean | null;
  favicon_hash: string | null;
  html_hash: string | null;
  html_similarity: number | null;
  parked: boolean | null;
  redirects_to_brand: boolean | null;
}

export interface WebResult {
  fields: WebFields;
  /** Set when neither scheme produced a response. */
  error: { code: string; message: string } | null;
  /** Per scheme: what happened (for provenance). */
  schemes: { http: string; https: string };
  /** The page to screenshot (the final URL of the chosen chain). */
  pageUrl: string | null;
  analysis: HtmlAnalysis | null;
  bodyTruncated: boolean;
}

const EMPTY_WEB_FIELDS: WebFields = {
  http_status: null,
  final_url: null,
  redirect_chain: null,
  page_title: null,
  page_size: null,
  page_language: null,
  login_form: null,
  password_form: null,
  form_action: null,
  brand_in_page: null,
  favicon_hash: null,
  html_hash: null,
  html_similarity: null,
  parked: null,
  redirects_to_brand: null,
};

const describe = (c: ChainResult) =>
  c.stopped === "error"
    ? `error:${c.error?.code}`
    : c.stopped === "done"
      ? `status:${c.final?.status}`
      : c.stopped;

/** sha256 of the favicon bytes, hex; what the brand's profile stores too. */
function faviconHash(bytes: Buffer): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

export interface WebProbeInput {
  domain: string;
  brand: BrandTerms;
  ownedProfiles: readonly OwnedProfileHashes[];
  parkingNs: boolean;
  http: HttpClient;
  logger?: Logger;
}

export async function probeWeb(input: WebProbeInput): Promise<WebResult> {
  const { domain, http } = input;
  const [plain, secure] = await Promise.all([
    http.getChain(`http://${domain}/`),
    http.getChain(`https://${domain}/`),
  ]);
  const schemes = { http: describe(plain), https: describe(secure) };
  // Prefer the chain that ended on a real page; HTTPS first, as a browser would.
  const ok = (c: ChainResult) => c.stopped === "done" && c.final !== null;
  const chosen =
    ok(secure) && secure.final!.status < 400 ? secure : ok(plain) ? plain : ok(secure) ? secure : null;
  const loop = [plain, secure].find((c) => c.stopped === "loop" || c.stopped === "too_many");
  if (!chosen) {
    const failed = loop ?? (plain.stopped === "error" ? plain : secure);
    const error = failed.error ?? {
      code: failed.stopped.toUpperCase(),
      message: `redirect ${failed.stopped}`,
    };
    const chainUrls = loop ? loop.hops.map((h) => h.url) : null;
    return {
      fields: {
        ...EMPTY_WEB_FIELDS,
        redirect_chain: chainUrls,
        redirects_to_brand: chainUrls
          ? chainUrls.slice(1).some((u) => isBrandUrl(u, input.brand.owned_domains))
          : null,
      },
      error,
      schemes,
      pageUrl: null,
      analysis: null,
      bodyTruncated: false,
    };
  }
  const final = chosen.final!;
  const chain = chosen.hops.map((h) => h.url);
  const contentType = final.headers["content-type"] ?? "";
  const isHtml = /html|xml|text\/plain/i.test(contentType) || (!contentType && final.body.length > 0);
  const html = isHtml ? final.body.toString("utf8") : "";
  const analysis = isHtml ? analyzeHtml(html, final.url, input.brand) : null;
  const redirectsToBrand =
    chain.slice(1).some((u) => isBrandUrl(u, input.brand.owned_domains)) ||
    isBrandUrl(analysis?.metaRefresh ?? null, input.brand.owned_domains);

  const htmlHash = analysis ? htmlFuzzyHash(analysis.normalized) : null;
  let similarity: number | null = null;
  for (const p of input.ownedProfiles) {
    if (htmlHash && p.html_hash === htmlHash) similarity = 1;
    const s = htmlSimilarity(htmlHash, p.html_hash);
    if (s !== null) similarity = Math.max(similarity ?? 0, s);
  }

  let favicon: string | null = null;
  if (analysis && final.status < 400) {
    try {
      const res = await http.get(analysis.faviconUrl, {
        maxBodyBytes: 256 * 1024,
        headers: { accept: "image/*" },
      });
      if (res.status === 200 && res.body.length > 0 && !res.truncated) favicon = faviconHash(res.body);
    } catch {
      favicon = null; // no favicon is not evidence either way
    }
  }
  const parkedByPage = analysis
    ? analysis.parkedMarkers.length >= 2 || analysis.parkedMarkers.includes("for_sale")
    : false;
  return {
    fields: {
      http_status: final.status,
      final_url: final.url,
      redirect_chain: chain.slice(0, 20),
      page_title: analysis?.title?.slice(0, 500) ?? null,
      page_size: final.body.length,
      page_language:
        (analysis?.language ?? final.headers["content-language"]?.split(",")[0]?.trim() ?? null)?.slice(
          0,
          20,
        ) ?? null,
      login_form: analysis ? analysis.loginForm : null,
      password_form: analysis ? analysis.passwordForm : null,
      form_action: analysis?.formAction?.slice(0, 2000) ?? null,
      brand_in_page: analysis ? analysis.brandInPage : null,
      favicon_hash: favicon,
      html_hash: htmlHash,
      html_similarity: similarity,
      parked: input.parkingNs || parkedByPage,
      redirects_to_brand: redirectsToBrand,
    },
    error: null,
    schemes,
    pageUrl: final.status < 400 ? final.url : null,
    analysis,
    bodyTruncated: final.truncated,
  };
}
