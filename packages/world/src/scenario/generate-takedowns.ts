import type { z } from "zod";
import type { LookalikeInput } from "./build-lookalike.ts";
import { ISSUERS, REGISTRARS } from "./catalog.ts";
import type { GenContext } from "./gen-context.ts";
import type { NetworkSchema, Rir, ScenarioInput } from "./schema.ts";

// What takedowns meet, planted in a generated world: a registrar desk and a host desk that act,
// a registrar and a bulletproof host that never answer, a customer network reassigned from a provider (its
// abuse contact is the provider's), a provider whose web site publishes security.txt, a
// lookalike behind Cloudflare, RIRs for every network and an upstream above the bulletproof one.

type NetworkInput = z.input<typeof NetworkSchema>;

export interface TakedownOptions {
  /** How long the responsive desks take, in seconds (default 60). */
  after_s?: number;
}

// The RIR of a network's country, as the address space is delegated.
function rirOf(country: string): Rir {
  if (["US", "CA"].includes(country)) return "arin";
  if (["SG", "AU", "JP", "CN", "HK", "IN"].includes(country)) return "apnic";
  if (["BR", "AR", "MX", "CL"].includes(country)) return "lacnic";
  if (["ZA", "NG", "KE"].includes(country)) return "afrinic";
  return "ripe";
}

// Cogent is a typical transit for bulletproof hosts; its abuse desk is the next level up.
const COGENT = { asn: 174, as_name: "COGENT-174", owner: "Cogent Communications", country: "US", abuse_email: "abuse@cogentco.com", rir: "arin" as const }; // prettier-ignore

const PORKBUN = REGISTRARS.find((r) => r.key === "porkbun")!;

/** Moves two phishing lookalikes (to a reassigned network and behind the CDN). Call after DNS faults are planted, before `g.networks()`. */
export function placeTakedownTargets(
  g: GenContext,
  lookalikes: LookalikeInput[],
): { reassignedIp: string | null } {
  // Names that answer (no DNS fault): the takedown flow is tested on them.
  const phishing = lookalikes.filter((l) => l.site_kind === "phishing" && l.dns.a?.length && !l.dns.fault);
  const cdn = phishing[phishing.length - 1];
  const customer = phishing.length > 2 ? phishing[phishing.length - 2] : undefined;
  if (cdn) {
    // Registered elsewhere than the campaign: its registrar is the desk that acts.
    cdn.registration = { ...cdn.registration, registrar: PORKBUN.name, registrar_iana_id: PORKBUN.iana_id, registrar_url: PORKBUN.url, abuse_email: PORKBUN.abuse_email, abuse_phone: PORKBUN.abuse_phone }; // prettier-ignore
    cdn.dns = { ...cdn.dns, a: [g.alloc("cloudflare")] };
    if (cdn.tls) cdn.tls = { ...g.tls(ISSUERS.gts, 12), sans: [] };
  }
  if (!customer) return { reassignedIp: null };
  // The provider's web site, and the customer's /24: the last one of the provider's /21.
  g.ensureHost("hetzner.com", "hetzner");
  const [a, b, c] = g.hosts.get("hetzner.com")![0]!.split(".");
  const reassignedIp = `${a}.${b}.${Math.floor(Number(c) / 8) * 8 + 7}.10`;
  customer.dns = { ...customer.dns, a: [reassignedIp] };
  return { reassignedIp };
}

/** The scenario fields of the takedown plan, given the networks the generator made. */
export function takedownFields(
  networks: NetworkInput[],
  lookalikes: LookalikeInput[],
  reassignedIp: string | null,
  opts: TakedownOptions,
): Pick<ScenarioInput, "networks" | "registrars"> {
  const after = { takes_down_after_s: opts.after_s ?? 60 };
  // The campaign's registrar never answers; the one the CDN lookalike moved to acts.
  const campaign = lookalikes.find(
    (l) => l.site_kind === "phishing" && l.registration.registrar !== PORKBUN.name,
  );
  const out: NetworkInput[] = networks.map((n) => {
    const withRir = { ...n, rir: rirOf(n.country) };
    if (n.kind === "bulletproof")
      return { ...withRir, abuse_desk: { never: true as const }, upstream: COGENT };
    if (n.owner === "Hetzner Online GmbH")
      return { ...withRir, abuse_desk: after, provider_domain: "hetzner.com" };
    if (n.owner === "Cloudflare, Inc.") return { ...withRir, abuse_desk: { never: true as const } };
    return withRir;
  });
  const hetzner = out.find((n) => n.owner === "Hetzner Online GmbH");
  if (reassignedIp && hetzner) {
    const prefix = reassignedIp.split(".").slice(0, 3).join(".");
    out.push({
      cidr: `${prefix}.0/24`,
      handle: `NET-${prefix.replace(/\./g, "-")}-0-1`,
      name: "BLUELANTERN-NET",
      owner: "Blue Lantern Media Ltd",
      asn: hetzner.asn,
      as_name: hetzner.as_name,
      country: "DE",
      abuse_email: hetzner.abuse_email,
      kind: "vps",
      rir: "ripe",
      parent: hetzner.handle,
    });
  }
  return {
    networks: out,
    registrars: [
      { name: PORKBUN.name, abuse_email: PORKBUN.abuse_email, abuse_desk: after },
      ...(campaign
        ? [{ name: campaign.registration.registrar, abuse_email: campaign.registration.abuse_email, abuse_desk: { never: true as const } }] // prettier-ignore
        : []),
    ],
  };
}
