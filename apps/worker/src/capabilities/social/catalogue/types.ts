import type { TSocialPlatform } from "@brandwarden/contract/brand";
import type { Condition } from "./conditions.ts";

// The shape of one platform's catalogue entry (after sherlock / maigret / WhatsMyName, see
// research/anchors-social.md §4). Everything is data: URL templates with `{base}`, `{api}` and
// `{handle}`, status codes, conditions on the parsed answer (conditions.ts) and extraction rules
// (extract.ts). JSON is parsed, never matched as text; pages are read through an HTML parser.

/** A rule for one extracted field: `path|transform`, several tried in order. See extract.ts. */
export type FieldRule = string | readonly string[];

export interface ExtractSpec {
  /**
   * Where the JSON comes from: the body itself, a `<script>` picked by selector (the first whose
   * JSON has the path `has`), or the object a page script assigns (`var ytInitialData = {...}`).
   */
  json?: "body" | { script: string; has?: string } | { assign: string };
  display_name?: FieldRule;
  bio?: FieldRule;
  avatar_url?: FieldRule;
  followers?: FieldRule;
  verified?: FieldRule;
  account_created?: FieldRule;
  links?: FieldRule;
  /** Links the platform itself verified as the owner's (Mastodon rel=me `verified_at`, a Bluesky domain handle). */
  verified_links?: FieldRule;
}

interface Markers {
  /** Status codes; with `markers` both must match (a status alone when `markers` is empty). */
  status?: readonly number[];
  /** Conditions on the parsed answer (conditions.ts); for `exists`, at least one must hold. */
  markers?: readonly Condition[];
}

export interface HandleRule {
  /** Allowed characters and length of the handle as requested (after `transform`). */
  pattern: RegExp;
  /** Handles are case-insensitive: requested lower-cased. */
  lowercase: boolean;
  /** Bluesky: a bare name becomes `<name>.bsky.social`. */
  suffix?: string;
}

export interface CatalogueEntry {
  platform: TSocialPlatform;
  name: string;
  /** The profile URL shown to people. */
  profile_url: string;
  /** What is actually fetched (page or public API). */
  probe: {
    url: string;
    method: "GET" | "HEAD";
    headers?: Readonly<Record<string, string>>;
  };
  handle: HandleRule;
  /** Found: status in `exists.status` AND one of its markers present AND nothing negative. */
  exists: Required<Markers>;
  /** Missing: status (+ marker when given), or any of `missing_markers` anywhere. */
  missing: Markers & { any_status_markers?: readonly Condition[] };
  /** The account exists but is suspended/terminated: reported as missing (reason kept). */
  suspended?: readonly Condition[];
  /** Platform-specific block answers (beyond the global WAF fingerprints): unknown(waf). */
  blocked?: Markers;
  /** Platform-specific login walls (LinkedIn's 999, an authwall page): unknown(login_wall). */
  login_wall?: Markers & { detail: string };
  /** The platform's published request limits and optional credentials (prober.ts, social-config.ts). */
  limits?: PlatformLimits;
  /** Host names of the real site (besides the configured base) for reading search results. */
  hosts: readonly string[];
  /** Regex over a URL path capturing the handle of a profile link (group 1). */
  path_pattern: RegExp;
  /** Path segments that look like handles but are site pages. */
  reserved?: readonly string[];
  extract: ExtractSpec;
  /** Self-test pairs for the real site (sherlock `username_claimed`, maigret `usernameUnclaimed`). */
  fixtures: { claimed: string; unclaimed: string };
}

export interface PlatformLimits {
  /** Requests a logged-out client may send per window (the platform's published number). */
  anonymous: { requests: number; window_s: number };
  /** With the platform's credential set (social-config.ts), when it has one. */
  authenticated?: { requests: number; window_s: number };
  /** Header names of the platform's rate-limit answer (lower case). */
  headers?: { remaining: string; reset: string; reset_kind: "epoch" | "seconds" | "iso" };
}
