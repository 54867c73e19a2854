import { errorMessage } from "../../lib/network-errors.ts";
import type { RdapClient } from "../enrich/registration/rdap-client.ts";
import { parseRdapIp } from "../enrich/registration/rdap-parse.ts";

// Who to write to about an address: the abuse entity of its network in the RIR's RDAP (found
// through ipv4.json/ipv6.json), wherever the RIR puts it (top level: APNIC, LACNIC, RIPE's role;
// nested in the registrant: ARIN, RIPE), and, for a reassignment without one (an ARIN customer,
// a JPNIC or AFRINIC block), the parent network's: its `up` link, else its `parentHandle` when
// that is a prefix, else the prefix one bit shorter (an RDAP server answers the smallest network
// holding the whole prefix, which is the parent).

type Json = Record<string, unknown>;

export interface NetworkAbuse {
  /** The network's registrant, else the network's name (of the network whose desk this is). */
  organisation: string | null;
  email: string | null;
  /** The RDAP objects read, the address's network first, then its parents. */
  records: { url: string; json: Json }[];
  error: string | null;
}

/** The organisation and abuse e-mail a network object names (pure). */
export function networkDesk(json: Json): { organisation: string | null; email: string | null } {
  const info = parseRdapIp(json);
  return { organisation: info.owner ?? info.network_name, email: info.hosting_abuse_email };
}

const isPrefix = (s: string) => /^[0-9a-f:.]+\/\d{1,3}$/i.test(s.trim());

/** Where the parent of a network is asked for, or null at the top (pure). */
export function parentUrl(json: Json, selfUrl: string): string | null {
  const links = Array.isArray(json.links) ? (json.links as Json[]) : [];
  const up = links.find((l) => l?.rel === "up" && typeof l.href === "string")?.href as string | undefined;
  if (up && /^https?:\/\//.test(up)) return up;
  const base = selfUrl.replace(/\/ip\/.*$/, "/ip/");
  if (!base.endsWith("/ip/")) return null;
  const handle = typeof json.parentHandle === "string" ? json.parentHandle.trim() : "";
  if (handle && isPrefix(handle) && !/^(0\.0\.0\.0|::)\/0$/.test(handle)) return `${base}${handle}`;
  const cidr = parseRdapIp(json).cidr;
  const [start, len] = cidr?.split("/") ?? [];
  const length = Number(len);
  if (!start || !Number.isInteger(length) || length <= 8) return null;
  return `${base}${start}/${length - 1}`;
}

const handleOf = (json: Json) => (typeof json.handle === "string" ? json.handle : null);

/** The abuse desk of an address's network, climbing up to `maxUp` parents for one without. */
export async function lookupNetworkAbuse(rdap: RdapClient, ip: string, maxUp = 3): Promise<NetworkAbuse> {
  const records: NetworkAbuse["records"] = [];
  let current: { url: string; json: Json };
  try {
    current = await rdap.ip(ip);
  } catch (err) {
    return { organisation: null, email: null, records, error: errorMessage(err) };
  }
  records.push(current);
  const own = networkDesk(current.json);
  for (let i = 0; i < maxUp && rdap.byUrl && !networkDesk(current.json).email; i++) {
    const next = parentUrl(current.json, current.url);
    if (!next) break;
    try {
      const parent = await rdap.byUrl(next);
      if (handleOf(parent.json) && handleOf(parent.json) === handleOf(current.json)) break;
      records.push(parent);
      current = parent;
    } catch {
      break;
    }
  }
  const desk = networkDesk(current.json);
  if (!desk.email) return { ...own, records, error: null };
  return { organisation: desk.organisation ?? own.organisation, email: desk.email, records, error: null };
}
