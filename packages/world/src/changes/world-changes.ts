import { suspendedAccountPage } from "../web/pages.ts";
import {
  LookalikeSchema,
  SiteKindSchema,
  type Fuzzer,
  type Lookalike,
  type Scenario,
  type SiteKind,
} from "../scenario/schema.ts";

// The world moves between scans, as the internet does: lookalikes get registered, parked pages
// turn into phishing kits, sites are taken down (and come back), hosts move, certificates are
// renewed. Each change reaches DNS, RDAP/WHOIS and the web hosts at once.

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface RegisterLookalikeInput {
  domain: string;
  /** What its site serves; default "phishing". */
  site_kind?: SiteKind;
  /** An existing lookalike whose DNS, registrar and certificate the new one copies; default one of the same kind. */
  like?: string;
  /** Addresses it points to (served from now on); default the template's. */
  ips?: string[];
  fuzzer?: Fuzzer;
  registrar?: string;
  /** When it was registered (RDAP/WHOIS creation date); default now. */
  registered_at?: Date;
}

export type TakeDownHow = "dns" | "web" | "suspend" | "hold" | "registry-hold";

/** What a platform does with an impersonating account it acts on. */
type AccountTakeDownHow = "suspend" | "delete";

export interface WorldChanges {
  /** Registers a lookalike that did not exist (registered now): it resolves, has RDAP/WHOIS and a site. */
  registerLookalike(input: RegisterLookalikeInput): Promise<Lookalike>;
  /** Turns a lookalike's site (a parked page, say) into a clone of the brand's login page. */
  turnPhishing(domain: string, opts?: { form_action?: string }): Lookalike;
  /** Serves another kind of site (with optional overrides: title, html, http_status, redirect_to). */
  setSite(domain: string, kind: SiteKind, site?: Lookalike["site"]): Lookalike;
  /**
   * Takes a lookalike down: `dns` (default) ends its registration (NXDOMAIN, RDAP 404); `web` has
   * its host remove the site (HTTP 404) while the name still resolves; `suspend` has its host
   * suspend the account (cPanel's "Account Suspended" page); `hold` and `registry-hold` put the
   * domain on clientHold (its registrar) or serverHold (its registry): RDAP shows the status and
   * the name stops resolving (NXDOMAIN), as registries leave held names out of the zone.
   */
  takeDown(domain: string, how?: TakeDownHow): void;
  /** Brings a taken-down lookalike back as it was before (a site that re-emerges). */
  restore(domain: string): Promise<Lookalike>;
  /** Whether the lookalike is down now (taken down and not restored). */
  isDown(domain: string): boolean;
  /** Points a lookalike at other addresses (served from now on). */
  moveHost(domain: string, ips: string[]): Promise<Lookalike>;
  /** A new certificate for the lookalike (issued on its next TLS handshake). */
  renewCertificate(domain: string): Lookalike;
  /** The lookalike as the world serves it now, or null. */
  lookalike(domain: string): Lookalike | null;
  /**
   * A social platform acts on an account: `suspend` (default) shows it as each real platform
   * shows a suspended account (GitHub 404, Mastodon 410 and `suspended: true`, X's "Account
   * suspended" page and its API's "User has been suspended" error; services/social/<platform>.ts
   * names each source); `delete` answers as for a handle that never existed.
   */
  takeDownAccount(platform: string, handle: string, how?: AccountTakeDownHow): void;
  /** Brings a suspended or deleted account back as it was. */
  restoreAccount(platform: string, handle: string): void;
}

/** The world's social platforms, as the changes reach them (absent without services). */
interface AccountControl {
  setAccount(platform: string, handle: string, change: "suspended" | "deleted" | "restore"): void;
}

export interface ChangeTarget {
  current(): Scenario;
  /** Installs the changed scenario in every server. */
  apply(next: Scenario): void;
  /** Makes the web hosts answer on an address. */
  listenOn(ip: string): Promise<void>;
  forgetCertificate(domain: string): void;
  now?: () => Date;
  accounts?: AccountControl;
}

export function createWorldChanges(target: ChangeTarget): WorldChanges {
  const taken = new Map<string, Lookalike>();
  const now = () => (target.now ?? (() => new Date()))().getTime();

  const find = (domain: string): Lookalike => {
    const hit = target.current().lookalikes.find((l) => l.domain === domain);
    if (!hit) throw new Error(`the world has no lookalike ${domain}`);
    return hit;
  };
  const replace = (domain: string, next: Lookalike | null) => {
    const s = target.current();
    const lookalikes = s.lookalikes.flatMap((l) => (l.domain === domain ? (next ? [next] : []) : [l]));
    target.apply({ ...s, lookalikes });
  };
  const checkIps = (ips: string[]) => {
    for (const ip of ips)
      if (!/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip))
        throw new Error(`world addresses are on loopback (127.0.0.0/8), got ${ip}`);
  };
  const serve = async (ips: string[]) => {
    for (const ip of ips) await target.listenOn(ip);
  };

  return {
    async registerLookalike(input) {
      const s = target.current();
      const domain = input.domain.toLowerCase();
      if (
        s.lookalikes.some((l) => l.domain === domain) ||
        s.brand.owned_domains.some((d) => d.domain === domain)
      )
        throw new Error(`${domain} is already registered in the world`);
      const kind = SiteKindSchema.parse(input.site_kind ?? "phishing");
      const tpl = input.like
        ? find(input.like)
        : (s.lookalikes.find((l) => l.site_kind === kind && !l.dns.fault && l.dns.a.length) ??
          s.lookalikes.find((l) => !l.dns.fault && l.dns.a.length));
      if (!tpl) throw new Error("the world has no lookalike to copy DNS and registration from");
      if (input.ips) checkIps(input.ips);
      const t = input.registered_at?.getTime() ?? now();
      const entry = LookalikeSchema.parse({
        domain,
        fuzzer: input.fuzzer ?? tpl.fuzzer,
        site_kind: kind,
        campaign_id: null,
        site: {},
        dns: { ...tpl.dns, a: input.ips ?? tpl.dns.a, aaaa: [], extra: [], fault: null, wildcard: false },
        registration: {
          ...tpl.registration,
          ...(input.registrar ? { registrar: input.registrar } : {}),
          created: iso(t),
          updated: iso(t),
          expires: iso(t + 365 * DAY_MS),
        },
        tls: tpl.tls
          ? { ...tpl.tls, sans: [], not_before: iso(t - 3_600_000), not_after: iso(t + 90 * DAY_MS) }
          : null,
      });
      await serve(entry.dns.a);
      target.apply({ ...s, lookalikes: [...s.lookalikes, entry] });
      return entry;
    },
    turnPhishing(domain, opts = {}) {
      return this.setSite(domain, "phishing", opts.form_action ? { form_action: opts.form_action } : {});
    },
    setSite(domain, kind, site = {}) {
      const next = { ...find(domain), site_kind: SiteKindSchema.parse(kind), site };
      replace(domain, next);
      return next;
    },
    takeDown(domain, how = "dns") {
      const l = find(domain);
      // Taken down twice (registrar and host both act): restore brings back the original.
      if (!taken.has(domain)) taken.set(domain, l);
      const r = l.registration;
      const hold = (status: string) => ({
        ...l,
        registration: {
          ...r,
          status: [...r.status.filter((x) => x !== status), status],
          updated: iso(now()),
        },
      });
      if (how === "web") replace(domain, { ...l, site_kind: "error", site: { http_status: 404 } });
      else if (how === "suspend")
        replace(domain, { ...l, site_kind: "error", site: { http_status: 200, title: "Account Suspended", html: suspendedAccountPage() } }); // prettier-ignore
      else if (how === "hold") replace(domain, hold("clientHold"));
      else if (how === "registry-hold") replace(domain, hold("serverHold"));
      else replace(domain, null);
    },
    isDown(domain) {
      return taken.has(domain);
    },
    async restore(domain) {
      const l = taken.get(domain);
      if (!l) throw new Error(`${domain} was not taken down`);
      taken.delete(domain);
      const s = target.current();
      const rest = s.lookalikes.filter((x) => x.domain !== domain);
      await serve(l.dns.a);
      target.apply({ ...s, lookalikes: [...rest, l] });
      return l;
    },
    async moveHost(domain, ips) {
      checkIps(ips);
      if (!ips.length) throw new Error("moveHost needs at least one address");
      const l = find(domain);
      await serve(ips);
      const next = { ...l, dns: { ...l.dns, a: ips } };
      replace(domain, next);
      return next;
    },
    renewCertificate(domain) {
      const l = find(domain);
      if (!l.tls) throw new Error(`${domain} serves no certificate of its own`);
      const t = now();
      const next = { ...l, tls: { ...l.tls, not_before: iso(t - 60_000), not_after: iso(t + 90 * DAY_MS) } };
      replace(domain, next);
      target.forgetCertificate(domain);
      return next;
    },
    lookalike(domain) {
      return target.current().lookalikes.find((l) => l.domain === domain) ?? null;
    },
    takeDownAccount(platform, handle, how = "suspend") {
      if (!target.accounts) throw new Error("the world was started without its social platforms");
      target.accounts.setAccount(platform, handle, how === "delete" ? "deleted" : "suspended");
    },
    restoreAccount(platform, handle) {
      if (!target.accounts) throw new Error("the world was started without its social platforms");
      target.accounts.setAccount(platform, handle, "restore");
    },
  };
}
