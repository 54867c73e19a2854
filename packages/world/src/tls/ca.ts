import { createHash, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import forge from "node-forge";

// The world's certificate authority: one root (the PEM the service is told to trust), one
// intermediate per issuer name the scenario uses (R10, Sectigo ..., each with its own key), and
// one key pair shared by every leaf so thousands of certificates cost a signature each.

const YEAR = 365 * 86_400_000;

interface KeyPair {
  privateKey: KeyObject;
  privatePem: string;
  publicKey: forge.pki.PublicKey;
}

function newKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey,
    privatePem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString()),
  };
}

// Signs with Node's native RSA (forge's pure-JS signing is ~25 ms per certificate): forge hands
// the DER-encoded TBSCertificate to md.update and asks key.sign for the signature.
function signWithNode(cert: forge.pki.Certificate, key: KeyObject): void {
  let tbs = "";
  const md = { algorithm: "sha256", update: (bytes: string) => void (tbs += bytes) };
  const signer = { sign: () => sign("sha256", Buffer.from(tbs, "binary"), key).toString("binary") };
  cert.sign(signer as unknown as forge.pki.rsa.PrivateKey, md as unknown as forge.md.MessageDigest);
}

function serialFor(text: string): string {
  // Positive 16-byte serial, deterministic per certificate identity.
  return "1" + createHash("sha256").update(text).digest("hex").slice(0, 31);
}

function name(cn: string, org?: string): forge.pki.CertificateField[] {
  const attrs: forge.pki.CertificateField[] = [];
  if (org) attrs.push({ name: "organizationName", value: org });
  attrs.push({ name: "commonName", value: cn });
  return attrs;
}

interface Issuer {
  cert: forge.pki.Certificate;
  pem: string;
  keys: KeyPair;
}

export interface LeafSpec {
  names: string[]; // SANs; the first is the subject CN
  issuerCn: string;
  issuerOrg: string;
  notBefore: Date;
  notAfter: Date;
  selfSigned?: boolean;
}

export interface IssuedCert {
  certPem: string; // the leaf
  chainPem: string; // leaf + intermediate, what a server sends
  keyPem: string;
}

export class WorldCa {
  readonly rootPem: string;
  private readonly root: Issuer;
  private readonly leafKeys = newKeyPair();
  private readonly issuers = new Map<string, Issuer>();

  constructor(private readonly now = new Date()) {
    const keys = newKeyPair();
    const cert = this.makeCert(keys.publicKey, "Brandwarden World Root CA", "Brandwarden World", {
      notBefore: new Date(now.getTime() - 10 * YEAR),
      notAfter: new Date(now.getTime() + 20 * YEAR),
    });
    cert.setIssuer(cert.subject.attributes);
    cert.setExtensions([
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
      { name: "subjectKeyIdentifier" },
    ]);
    signWithNode(cert, keys.privateKey);
    this.root = { cert, keys, pem: forge.pki.certificateToPem(cert) };
    this.rootPem = this.root.pem;
  }

  private makeCert(
    pub: forge.pki.PublicKey,
    cn: string,
    org: string | undefined,
    v: { notBefore: Date; notAfter: Date },
  ) {
    const cert = forge.pki.createCertificate();
    cert.publicKey = pub;
    cert.serialNumber = serialFor(`${cn}|${org}|${v.notBefore.toISOString()}`);
    cert.validity.notBefore = v.notBefore;
    cert.validity.notAfter = v.notAfter;
    cert.setSubject(name(cn, org));
    return cert;
  }

  // The intermediate for an issuer name, created on first use.
  issuer(cn: string, org: string): Issuer {
    const key = `${cn}|${org}`;
    const known = this.issuers.get(key);
    if (known) return known;
    const keys = newKeyPair();
    const cert = this.makeCert(keys.publicKey, cn, org, {
      notBefore: new Date(this.now.getTime() - 8 * YEAR),
      notAfter: new Date(this.now.getTime() + 12 * YEAR),
    });
    cert.setIssuer(this.root.cert.subject.attributes);
    cert.setExtensions([
      { name: "basicConstraints", cA: true, pathLenConstraint: 0, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
      { name: "subjectKeyIdentifier" },
    ]);
    signWithNode(cert, this.root.keys.privateKey);
    const issuer = { cert, keys, pem: forge.pki.certificateToPem(cert) };
    this.issuers.set(key, issuer);
    return issuer;
  }

  issue(spec: LeafSpec): IssuedCert {
    const cn = spec.selfSigned ? spec.issuerCn : spec.names[0]!;
    const cert = this.makeCert(
      this.leafKeys.publicKey,
      cn,
      spec.selfSigned ? spec.issuerOrg : undefined,
      spec,
    );
    cert.serialNumber = serialFor(`${spec.names.join(",")}|${spec.issuerCn}|${spec.notBefore.toISOString()}`);
    cert.setExtensions([
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: spec.names.map((value) => ({ type: 2, value })) },
    ]);
    if (spec.selfSigned) {
      cert.setIssuer(cert.subject.attributes);
      signWithNode(cert, this.leafKeys.privateKey);
      const pem = forge.pki.certificateToPem(cert);
      return { certPem: pem, chainPem: pem, keyPem: this.leafKeys.privatePem };
    }
    const issuer = this.issuer(spec.issuerCn, spec.issuerOrg);
    cert.setIssuer(issuer.cert.subject.attributes);
    signWithNode(cert, issuer.keys.privateKey);
    const pem = forge.pki.certificateToPem(cert);
    return { certPem: pem, chainPem: pem + issuer.pem, keyPem: this.leafKeys.privatePem };
  }
}
