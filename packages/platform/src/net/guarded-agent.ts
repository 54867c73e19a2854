import { lookup as systemLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { createSecureContext, type SecureContext } from "node:tls";
import { Agent, buildConnector } from "undici";
import { isLinkLocal, isPrivateAddress } from "./private-address.ts";
import { hostAllowed, parseAllowedHosts } from "./allowed-hosts.ts";

export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
  readonly code = "EBLOCKEDADDRESS";
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`Refusing to connect to ${host} (${address}): private, loopback or link-local address`);
  }
}

export interface GuardedAgentOptions {
  /** Allow private/loopback/link-local targets (the test world needs it; production must not). */
  allowPrivateNetwork: boolean;
  /**
   * Hosts (`name`, `ip`, `name:port`, `[ipv6]:port`) the operator named that may be reached at a
   * private or loopback address, e.g. a local LLM server. Link-local addresses (cloud metadata)
   * stay refused even for them.
   */
  allowHosts?: readonly string[];
  /** Resolves a hostname to addresses; defaults to the system resolver. */
  resolve?: (hostname: string) => Promise<string[]>;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Extra CA certificates to trust (PEM), e.g. a private CA. */
  ca?: string | string[];
}

/** Agents made with the same CA list (often one per pinned host) share one TLS context. */
const contexts = new WeakMap<object, SecureContext>();
function sharedSecureContext(ca: string | string[]): SecureContext {
  if (typeof ca === "string") return createSecureContext({ ca });
  let context = contexts.get(ca);
  if (!context) contexts.set(ca, (context = createSecureContext({ ca })));
  return context;
}

const defaultResolve = async (hostname: string) =>
  (await systemLookup(hostname, { all: true })).map((a) => a.address);

/**
 * An undici Agent whose connections are checked against the address actually dialled, at connect
 * time (so DNS rebinding and redirects to internal hosts are caught too), failing closed.
 */
export function createGuardedAgent(opts: GuardedAgentOptions): Agent {
  const resolve = opts.resolve ?? defaultResolve;
  /** Why `address` may not be dialled for a request to an allowed (`exempt`) host or another one. */
  const refusal = (address: string, exempt: boolean) =>
    opts.allowPrivateNetwork ? false : exempt ? isLinkLocal(address) : isPrivateAddress(address);
  const lookupFor =
    (exempt: boolean): LookupFunction =>
    (hostname, options, callback) => {
      resolve(hostname).then(
        (addresses) => {
          const address = addresses[0];
          if (!address)
            return callback(
              Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }),
              "",
              0,
            );
          if (refusal(address, exempt)) return callback(new BlockedAddressError(hostname, address), "", 0);
          const family = isIP(address);
          if ((options as { all?: boolean }).all) {
            (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
              { address, family },
            ]);
          } else callback(null, address, family);
        },
        (err: Error) => callback(err as NodeJS.ErrnoException, "", 0),
      );
    };
  // One TLS context for every connection: passing `ca` alone makes Node rebuild a context (all
  // roots plus the extra CA) per connection, ~20 ms of CPU each.
  const secureContext = opts.ca ? sharedSecureContext(opts.ca) : undefined;
  const connectorFor = (exempt: boolean) =>
    buildConnector({
      timeout: opts.connectTimeoutMs ?? 10_000,
      lookup: lookupFor(exempt),
      ...(secureContext ? { secureContext } : {}),
    } as never);
  const connector = connectorFor(false);
  const allowed = parseAllowedHosts(opts.allowHosts ?? []);
  const exemptConnector = allowed.length ? connectorFor(true) : connector;
  return new Agent({
    headersTimeout: opts.headersTimeoutMs ?? 15_000,
    bodyTimeout: opts.bodyTimeoutMs ?? 15_000,
    connect(options, callback) {
      // IP literals skip DNS lookup, so they are checked here.
      const host = options.hostname;
      const literal = host.startsWith("[") ? host.slice(1, -1) : host;
      const exempt = hostAllowed(allowed, literal, options.port, options.protocol);
      if (isIP(literal) && refusal(literal, exempt)) {
        return callback(new BlockedAddressError(host, literal), null);
      }
      return (exempt ? exemptConnector : connector)(options, callback);
    },
  });
}
