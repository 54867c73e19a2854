// A small RFC 5322/MIME reader for the SMTP sink: unfolded headers, RFC 2047 encoded words,
// base64 / quoted-printable bodies, the first text/plain (or text/html) part of multiparts,
// and a list of attachments. Enough for takedown mails and notifications; not a full parser.

interface ParsedAttachment {
  filename: string;
  content_type: string;
  size: number;
  /** The decoded content of a text or JSON attachment (an X-ARF report, say). */
  text?: string;
}

/** An attachment with its decoded bytes (a WARC, a screenshot), for tests that read them back. */
export interface AttachmentBytes {
  filename: string;
  content_type: string;
  data: Buffer;
}

const readable = (type: string) => type.startsWith("text/") || /^application\/([\w.+-]+\+)?json$/.test(type);

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: ParsedAttachment[];
}

function splitHeadBody(raw: string): [string, string] {
  const m = /\r?\n\r?\n/.exec(raw);
  return m ? [raw.slice(0, m.index), raw.slice(m.index + m[0].length)] : [raw, ""];
}

function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const k = line.slice(0, i).trim().toLowerCase();
    const v = line.slice(i + 1).trim();
    out[k] = out[k] ? `${out[k]}, ${v}` : v;
  }
  return out;
}

function decodeQp(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, "utf8"));
  }
  return Buffer.from(bytes);
}

export function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_m, _cs: string, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQp(data.replace(/_/g, " ")).toString("utf8"),
  );
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  const e = (encoding ?? "").toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (e === "quoted-printable") return decodeQp(body);
  return Buffer.from(body, "utf8");
}

function param(header: string | undefined, name: string): string | undefined {
  const m = new RegExp(`${name}\\*?=("([^"]*)"|[^;\\s]+)`, "i").exec(header ?? "");
  return m ? decodeWords(m[2] ?? m[1]!) : undefined;
}

function walk(raw: string, out: ParsedMail, bytes?: AttachmentBytes[]): void {
  const [head, body] = splitHeadBody(raw);
  const h = parseHeaders(head);
  const type = (h["content-type"] ?? "text/plain").toLowerCase();
  const disposition = h["content-disposition"] ?? "";
  if (type.startsWith("multipart/")) {
    const boundary = param(h["content-type"], "boundary");
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      walk(part.replace(/^\r?\n/, ""), out, bytes);
    }
    return;
  }
  const data = decodeBody(body, h["content-transfer-encoding"]);
  const filename = param(disposition, "filename") ?? param(h["content-type"], "name");
  if (/attachment/i.test(disposition) || (filename && !type.startsWith("text/"))) {
    const contentType = type.split(";")[0]!.trim();
    bytes?.push({ filename: filename ?? "attachment", content_type: contentType, data });
    out.attachments.push({
      filename: filename ?? "attachment",
      content_type: contentType,
      size: data.length,
      ...(readable(contentType) ? { text: data.toString("utf8") } : {}),
    });
  } else if (type.startsWith("text/html")) {
    if (!out.html) out.html = data.toString("utf8");
  } else if (type.startsWith("text/")) {
    if (!out.text) out.text = data.toString("utf8");
  }
}

export function parseMail(raw: string): ParsedMail {
  const [head] = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const out: ParsedMail = {
    headers,
    subject: decodeWords(headers.subject ?? ""),
    text: "",
    html: "",
    attachments: [],
  };
  walk(raw, out);
  if (!out.text && out.html)
    out.text = out.html
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  return out;
}

/** Every attachment of a raw message with its decoded bytes. */
export function attachmentBytes(raw: string): AttachmentBytes[] {
  const bytes: AttachmentBytes[] = [];
  walk(raw, { headers: {}, subject: "", text: "", html: "", attachments: [] }, bytes);
  return bytes;
}
