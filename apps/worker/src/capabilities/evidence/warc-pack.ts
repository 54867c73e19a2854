import { createHash } from "node:crypto";
import { WARCRecord, WARCSerializer } from "warcio";

// An evidence pack as a WARC/1.1 file (ISO 28500), written with warcio, each record gzipped on
// its own and the records concatenated (what `warcio index`, pywb and replay tools read): a
// `warcinfo` naming the tool, the time and whether the site was captured live; `request` and
// `response` records for every hop of the redirect chain and the page; a `resource` record with
// the screenshot; `metadata` records (JSON) with DNS, registration, TLS, hosting and signals.

export interface WarcExchange {
  url: string;
  /** When the response arrived. */
  at: Date;
  requestHeaders: Record<string, string>;
  status: number;
  responseHeaders: Record<string, string>;
  body: Buffer;
}

export interface WarcMetadata {
  /** `urn:brandwarden:<name>:<subject>`: what the record describes. */
  uri: string;
  json: unknown;
}

export interface EvidencePackInput {
  software: string;
  capturedAt: Date;
  /** `live`: captured now; `last-scan`: the site no longer answers, the pack holds what the last scan saw. */
  mode: "live" | "last-scan";
  /** What the pack is about ("lookalike example.com, finding <id>"). */
  description: string;
  exchanges: WarcExchange[];
  screenshot: { uri: string; png: Buffer; capturedAt: Date } | null;
  metadata: WarcMetadata[];
}

export interface EvidencePack {
  warc: Buffer;
  sha256: string;
  size: number;
}

const WARC_VERSION = "WARC/1.1";

// The headers as sent and received, without the framing warcio writes itself.
const httpHeaders = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !/^(transfer-encoding|content-encoding)$/i.test(k)));

function requestRecord(x: WarcExchange): WARCRecord {
  const u = new URL(x.url);
  return WARCRecord.create(
    {
      url: x.url,
      type: "request",
      warcVersion: WARC_VERSION,
      date: x.at.toISOString(),
      statusline: `GET ${u.pathname}${u.search} HTTP/1.1`,
      httpHeaders: { host: u.host, ...x.requestHeaders },
    },
    [],
  );
}

function responseRecord(x: WarcExchange): WARCRecord {
  const headers = httpHeaders(x.responseHeaders);
  // The body is stored as received (decoded, possibly capped), so its length is what counts.
  headers["content-length"] = String(x.body.length);
  return WARCRecord.create(
    {
      url: x.url,
      type: "response",
      warcVersion: WARC_VERSION,
      date: x.at.toISOString(),
      statusline: `HTTP/1.1 ${x.status}`,
      httpHeaders: headers,
    },
    [new Uint8Array(x.body)],
  );
}

function blockRecord(
  type: "resource" | "metadata",
  uri: string,
  at: Date,
  contentType: string,
  bytes: Buffer,
) {
  return WARCRecord.create(
    {
      url: uri,
      type,
      warcVersion: WARC_VERSION,
      date: at.toISOString(),
      warcHeaders: { "Content-Type": contentType },
    },
    [new Uint8Array(bytes)],
  );
}

/** The WARC bytes of the pack, with their SHA-256 and size. */
export async function buildEvidenceWarc(input: EvidencePackInput): Promise<EvidencePack> {
  const at = input.capturedAt;
  const records: WARCRecord[] = [
    WARCRecord.createWARCInfo(
      { warcVersion: WARC_VERSION, date: at.toISOString(), filename: "evidence.warc.gz" },
      {
        software: input.software,
        format: "WARC File Format 1.1",
        conformsTo: "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/",
        "capture-time": at.toISOString(),
        capture: input.mode,
        description: input.description,
      },
    ),
  ];
  for (const x of input.exchanges) records.push(requestRecord(x), responseRecord(x));
  if (input.screenshot)
    records.push(blockRecord("resource", input.screenshot.uri, input.screenshot.capturedAt, "image/png", input.screenshot.png)); // prettier-ignore
  for (const m of input.metadata)
    records.push(blockRecord("metadata", m.uri, at, "application/json", Buffer.from(JSON.stringify(m.json, null, 2)))); // prettier-ignore
  const parts: Uint8Array[] = [];
  for (const r of records) parts.push(await WARCSerializer.serialize(r, { gzip: true }));
  const warc = Buffer.concat(parts);
  return { warc, sha256: createHash("sha256").update(warc).digest("hex"), size: warc.length };
}
