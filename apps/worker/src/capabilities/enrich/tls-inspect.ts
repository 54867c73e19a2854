import { createHash, X509Certificate } from "node:crypto";
import tls from "node:tls";
import { isPrivateAddress } from "@brandwarden/platform/net/private-address";
import { BlockedAddressError } from "@brandwarden/platform/net/guarded-agent";
import { findTerms } from "./web/html-analysis.ts";

// The certificate a lookalike serves: TLS to the address the scan resolved with the domain as
// SNI, the peer certificate read whatever its validity, the chain judged against the system roots
// plus EXTRA_CA_CERTS.

interface TlsFields {
  tls_issuer: string | null;
  tls_subject: string | null;
  tls_sans: string[] | null;
  tls_not_before: string | null;
  tls_not_after: string | null;
  tls_fingerprint: string | null;
  tls_self_signed: boolean | null;
  tls_valid: boolean | null;
  brand_in_cert: boolean | null;
}

export interface TlsInspection {
  fields: TlsFields;
  /** Why the chain is not valid (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, ...). */
  validationError: string | null;
  /** Certificate age in days at inspection time. */
  ageDays: number | null;
  /** The chain the server sent, leaf first, as PEM (evidence packs keep it). */
  chainPem: string[];
}

const pem = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der.toString("base64").replace(/.{64}/g, "$&\n").replace(/\n$/, "")}\n-----END CERTIFICATE-----\n`;

// Node links each certificate to its issuer; the root links to itself.
function chainOf(peer: tls.DetailedPeerCertificate): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (
    let c: tls.DetailedPeerCertificate | undefined = peer;
    c?.raw && !seen.has(c.fingerprint256);
    c = c.issuerCertificate
  ) {
    seen.add(c.fingerprint256);
    out.push(pem(c.raw));
  }
  return out;
}

const dn = (text: string) => text.split("\n").filter(Boolean).join(", ");

function certFields(der: Buffer, brandNames: readonly string[]): TlsFields {
  const cert = new X509Certificate(der);
  const sans = (cert.subjectAltName ?? "")
    .split(/,\s*/)
    .filter((s) => s.startsWith("DNS:"))
    .map((s) => s.slice(4).toLowerCase());
  const selfSigned = cert.issuer === cert.subject && cert.verify(cert.publicKey);
  return {
    tls_issuer: dn(cert.issuer).slice(0, 500),
    tls_subject: dn(cert.subject).slice(0, 500),
    tls_sans: sans.slice(0, 200),
    tls_not_before: new Date(cert.validFrom).toISOString(),
    tls_not_after: new Date(cert.validTo).toISOString(),
    tls_fingerprint: `sha256:${createHash("sha256").update(der).digest("hex")}`,
    tls_self_signed: selfSigned,
    tls_valid: null,
    brand_in_cert: findTerms([...sans, cert.subject].join(" "), brandNames).length > 0,
  };
}

export interface TlsInspectOptions {
  secureContext: tls.SecureContext;
  timeoutMs: number;
  allowPrivateNetwork: boolean;
  port?: number;
}

export async function inspectTls(
  domain: string,
  address: string,
  brandNames: readonly string[],
  opts: TlsInspectOptions,
): Promise<TlsInspection> {
  if (!opts.allowPrivateNetwork && isPrivateAddress(address)) throw new BlockedAddressError(domain, address);
  return new Promise((resolve, reject) => {
    // rejectUnauthorized off so the certificate is read even when invalid; validity is taken
    // from authorizationError, which node computes against `ca` either way.
    const socket = tls.connect({
      host: address,
      port: opts.port ?? 443,
      servername: domain,
      secureContext: opts.secureContext,
      rejectUnauthorized: false,
      ALPNProtocols: ["http/1.1"],
    });
    const timer = setTimeout(() => socket.destroy(Object.assign(new Error(`TLS to ${domain} timed out`), { code: "ETIMEDOUT" })), opts.timeoutMs); // prettier-ignore
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      const peer = socket.getPeerCertificate(true);
      socket.destroy();
      if (!peer?.raw) return reject(Object.assign(new Error("no peer certificate"), { code: "ENOCERT" }));
      const fields = certFields(peer.raw, brandNames);
      const err = socket.authorizationError ? String((socket.authorizationError as Error & { code?: string }).code ?? socket.authorizationError) : null; // prettier-ignore
      fields.tls_valid = socket.authorized;
      const ageDays = fields.tls_not_before ? Math.floor((Date.now() - Date.parse(fields.tls_not_before)) / 86_400_000) : null; // prettier-ignore
      resolve({ fields, validationError: err, ageDays, chainPem: chainOf(peer) });
    });
    socket.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}
