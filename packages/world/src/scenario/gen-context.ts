import { PROVIDERS, type IssuerInfo, type RegistrarInfo } from "./catalog.ts";
import { int, type Rng } from "./prng.ts";
import type { NetworkSchema } from "./schema.ts";
import type { z } from "zod";

// Shared state of one generator run: the clock, the address plan and the infrastructure names
// (name servers, mail exchangers) that must resolve.

const DAY = 86_400_000;
const SLOT_SIZE = 8; // /21 per provider: 8 x /24 under the /16 base

export class GenContext {
  readonly hosts = new Map<string, string[]>();
  private readonly next = new Map<string, number>();
  private readonly shared = new Map<string, { ip: string; used: number }>();

  constructor(
    readonly rng: Rng,
    readonly now: number,
    readonly ipBase: string, // "127.20": every address is <ipBase>.x.y
  ) {}

  iso(daysAgo: number): string {
    return new Date(this.now - Math.round(daysAgo * DAY)).toISOString();
  }

  private slot(provider: string): number {
    const i = PROVIDERS.findIndex((p) => p.key === provider);
    if (i < 0) throw new Error(`unknown provider ${provider}`);
    return i;
  }

  // A fresh address inside the provider's /21, skipping .0 and .255.
  alloc(provider: string): string {
    const n = this.next.get(provider) ?? 0;
    this.next.set(provider, n + 1);
    const offset = Math.floor(n / 254) * 256 + (n % 254) + 1;
    if (offset >= SLOT_SIZE * 256) throw new Error(`provider ${provider} ran out of addresses`);
    const third = this.slot(provider) * SLOT_SIZE + Math.floor(offset / 256);
    return `${this.ipBase}.${third}.${offset % 256}`;
  }

  // Shared hosting: consecutive callers get the same address until `perIp` domains sit on it.
  sharedIp(provider: string, perIp: number, pool = "default"): string {
    const key = `${provider}/${pool}`;
    const cur = this.shared.get(key);
    if (cur && cur.used < perIp) {
      cur.used += 1;
      return cur.ip;
    }
    const ip = this.alloc(provider);
    this.shared.set(key, { ip, used: 1 });
    return ip;
  }

  // An infrastructure name (NS, MX) resolving to an address of `provider`.
  ensureHost(name: string, provider: string): void {
    if (!this.hosts.has(name)) this.hosts.set(name, [this.alloc(provider)]);
  }

  networks(): z.input<typeof NetworkSchema>[] {
    return PROVIDERS.filter((p) => this.next.has(p.key)).map((p) => {
      const third = this.slot(p.key) * SLOT_SIZE;
      return {
        cidr: `${this.ipBase}.${third}.0/21`,
        handle: `NET-${this.ipBase.replace(/\./g, "-")}-${third}-0-1`,
        name: `${p.as_name.split("-")[0]}-${this.ipBase.replace(/\./g, "-")}-${third}-0`,
        owner: p.owner,
        asn: p.asn,
        as_name: p.as_name,
        country: p.country,
        abuse_email: p.abuse_email,
        abuse_phone: p.abuse_phone,
        kind: p.kind,
      };
    });
  }

  registration(
    reg: RegistrarInfo,
    createdDaysAgo: number,
    opts: { privacy: boolean; org?: string | null; country?: string; status?: string[] },
  ) {
    const age = createdDaysAgo;
    // Yearly renewals keep old domains alive; young ones expire a year after creation.
    const years = Math.max(1, Math.ceil(age / 365 + 0.05));
    return {
      registrar: reg.name,
      registrar_iana_id: reg.iana_id,
      registrar_url: reg.url,
      abuse_email: reg.abuse_email,
      abuse_phone: reg.abuse_phone,
      created: this.iso(age),
      updated: this.iso(Math.max(0, age - int(this.rng, 0, Math.min(age, 300)))),
      expires: this.iso(age - years * 365),
      status: opts.status ?? ["clientTransferProhibited"],
      privacy: opts.privacy,
      registrant_org: opts.privacy ? reg.privacy_org : (opts.org ?? null),
      registrant_country: opts.country ?? null,
    };
  }

  // A certificate from `issuer` issued `issuedDaysAgo` days ago, valid for the issuer's usual term.
  tls(issuer: IssuerInfo, issuedDaysAgo: number, selfSigned = false) {
    return {
      issuer_cn: issuer.cn,
      issuer_org: issuer.org,
      not_before: this.iso(issuedDaysAgo),
      not_after: this.iso(issuedDaysAgo - issuer.days),
      sans: [],
      self_signed: selfSigned,
    };
  }
}
