import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp } from "./smtp.ts";
import type { RunningSmtp } from "./smtp.ts";

let sink: RunningSmtp;
beforeAll(async () => {
  sink = await startSmtp("127.0.10.1", 0, 0);
});
afterAll(() => sink.close());

/** A plain SMTP dialogue over a socket: each command waits for the server's reply code. */
async function sendMail(url: string, from: string, to: string[], data: string): Promise<string[]> {
  const { hostname, port } = new URL(url);
  const sock = connect(Number(port), hostname);
  const replies: string[] = [];
  let buf = "";
  let waiter: ((line: string) => void) | undefined;
  sock.on("data", (chunk) => {
    buf += chunk.toString();
    // A reply is complete on a line "NNN text" (not "NNN-text").
    for (let m = /^(\d{3}) .*\r\n/m.exec(buf); m; m = /^(\d{3}) .*\r\n/m.exec(buf)) {
      const line = buf.slice(0, m.index + m[0].length);
      buf = buf.slice(m.index + m[0].length);
      replies.push(line.trim());
      waiter?.(line);
    }
  });
  const next = () => new Promise<string>((r) => (waiter = r));
  const cmd = async (c: string) => {
    const p = next();
    sock.write(c + "\r\n");
    return p;
  };
  await next();
  await cmd("EHLO test.local");
  await cmd(`MAIL FROM:<${from}>`);
  for (const t of to) await cmd(`RCPT TO:<${t}>`);
  await cmd("DATA");
  await cmd(data.replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..") + "\r\n.");
  await cmd("QUIT");
  sock.end();
  return replies;
}

describe("SMTP sink", () => {
  it("stores a plain message with headers, envelope and decoded subject", async () => {
    const replies = await sendMail(
      sink.url,
      "alerts@brandwarden.test",
      ["abuse@registrar.test", "soc@acmebank.test"],
      [
        "From: Brandwarden <alerts@brandwarden.test>",
        "To: abuse@registrar.test",
        "Subject: =?UTF-8?B?VGFrZWRvd24gcmVxdWVzdCDigJQgYWNybmViYW5rLmNvbQ==?=",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Please suspend acrnebank.com.",
        ".dot-line",
      ].join("\n"),
    );
    expect(replies.some((r) => r.startsWith("250") && r.includes("queued"))).toBe(true);
    const m = await sink.waitFor((x) => x.subject.includes("acrnebank"));
    expect(m.subject).toBe("Takedown request — acrnebank.com");
    expect(m.from).toBe("alerts@brandwarden.test");
    expect(m.to).toEqual(["abuse@registrar.test", "soc@acmebank.test"]);
    expect(m.headers["content-type"]).toContain("text/plain");
    expect(m.text).toContain("Please suspend acrnebank.com.");
    expect(m.text).toContain("\n.dot-line");
  });

  it("parses multipart bodies with quoted-printable text and attachments; lists over HTTP", async () => {
    const data = [
      "From: a@b.test",
      "To: c@d.test",
      "Subject: Report",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="XYZ"',
      "",
      "--XYZ",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Caf=C3=A9 report attached, long line =",
      "continues.",
      "--XYZ",
      "Content-Type: application/pdf",
      'Content-Disposition: attachment; filename="report.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("%PDF-1.4 fake").toString("base64"),
      "--XYZ--",
    ].join("\n");
    await sendMail(sink.url, "a@b.test", ["c@d.test"], data);
    const m = await sink.waitFor((x) => x.subject === "Report");
    expect(m.text.trim()).toBe("Café report attached, long line continues.");
    expect(m.attachments).toEqual([{ filename: "report.pdf", content_type: "application/pdf", size: 13 }]);
    const res = await fetch(`${sink.apiUrl}/messages`);
    const body = (await res.json()) as { messages: Array<{ subject: string }> };
    expect(body.messages.map((x) => x.subject)).toContain("Report");
  });

  it("clears messages", async () => {
    await fetch(`${sink.apiUrl}/messages`, { method: "DELETE" });
    expect(sink.messages()).toHaveLength(0);
  });
});
