import { getDomain } from "tldts";
import { errorCode, errorMessage } from "../../../lib/network-errors.ts";
import { parseRdapDomain, type RegistrationInfo } from "./rdap-parse.ts";
import { RdapNotFoundError, type RdapClient } from "./rdap-client.ts";
import { parseWhoisDomain } from "./whois-parse.ts";
import type { WhoisClient } from "./whois-client.ts";

// Registration data: RDAP first; WHOIS where the TLD has no RDAP service or RDAP failed.

export interface RegistrationResult {
  info: RegistrationInfo | null;
  source: "rdap" | "whois" | null;
  /** Where the answer came from (RDAP URL or WHOIS server). */
  origin: string | null;
  /** Why RDAP was not used, when WHOIS answered or nothing did. */
  rdapError: string | null;
  error: string | null;
}

export async function lookupRegistration(
  domain: string,
  deps: { rdap: RdapClient; whois: WhoisClient },
): Promise<RegistrationResult> {
  const name = getDomain(domain, { allowPrivateDomains: false }) ?? domain;
  let rdapError: string;
  try {
    const { json, url } = await deps.rdap.domain(name);
    return { info: parseRdapDomain(json), source: "rdap", origin: url, rdapError: null, error: null };
  } catch (err) {
    if (err instanceof RdapNotFoundError) {
      // The registry says it does not exist; WHOIS would say the same.
      return { info: null, source: "rdap", origin: null, rdapError: null, error: "not found in RDAP" };
    }
    rdapError = `${errorCode(err)}: ${errorMessage(err)}`;
  }
  try {
    const { text, server } = await deps.whois.query(name);
    const info = parseWhoisDomain(text);
    return { info, source: "whois", origin: server, rdapError, error: info ? null : "no match in WHOIS" };
  } catch (err) {
    return {
      info: null,
      source: null,
      origin: null,
      rdapError,
      error: `${errorCode(err)}: ${errorMessage(err)}`,
    };
  }
}
