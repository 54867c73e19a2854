import { errorCode, errorMessage } from "../../lib/network-errors.ts";
import type { NetworkInfo } from "./registration/rdap-parse.ts";
import { parseRdapIp } from "./registration/rdap-parse.ts";
import type { RdapClient } from "./registration/rdap-client.ts";
import { parseWhoisIp } from "./registration/whois-parse.ts";
import type { WhoisClient } from "./registration/whois-client.ts";

// Who hosts an address: IP RDAP (ASN, network owner, country, abuse contact), WHOIS as fallback.
// Cached per address: a campaign's lookalikes often share one.

export interface InfrastructureResult {
  info: NetworkInfo | null;
  source: "rdap" | "whois" | null;
  error: string | null;
}

export function createInfrastructureLookup(deps: {
  rdap: RdapClient;
  whois: WhoisClient;
  maxEntries?: number;
}) {
  const cache = new Map<string, Promise<InfrastructureResult>>();
  const max = deps.maxEntries ?? 10_000;
  const lookup = async (ip: string): Promise<InfrastructureResult> => {
    let rdapErr: string;
    try {
      return { info: parseRdapIp((await deps.rdap.ip(ip)).json), source: "rdap", error: null };
    } catch (err) {
      rdapErr = `${errorCode(err)}: ${errorMessage(err)}`;
    }
    try {
      const info = parseWhoisIp((await deps.whois.query(ip)).text);
      return { info, source: "whois", error: info ? null : `RDAP ${rdapErr}; WHOIS no match` };
    } catch (err) {
      return { info: null, source: null, error: `RDAP ${rdapErr}; WHOIS ${errorCode(err)}` };
    }
  };
  return (ip: string): Promise<InfrastructureResult> => {
    let hit = cache.get(ip);
    if (!hit) {
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      hit = lookup(ip);
      cache.set(ip, hit);
      // Failures are not cached: the next lookalike on this address asks again.
      hit.then((r) => r.info === null && cache.delete(ip));
    }
    return hit;
  };
}
