import net from "node:net";
import { isPrivateAddress } from "@brandwarden/platform/net/private-address";
import { BlockedAddressError } from "@brandwarden/platform/net/guarded-agent";
import { resolveHost, type DnsClient } from "../../ports/dns/dns.port.ts";

// Would the lookalike's MX take mail meant for the brand's people? EHLO, MAIL FROM:<>, RCPT TO
// for a few likely recipients at the lookalike, then QUIT: never DATA, nothing is delivered.
// Opt-in (SMTP_PROBE=true): talking to strangers' mail servers is not everyone's policy.

export interface SmtpProbeOptions {
  dns: DnsClient;
  allowPrivateNetwork: boolean;
  timeoutMs: number;
  port?: number; // 25
  heloName?: string;
}

export interface SmtpProbeResult {
  accepts: boolean;
  mx: string;
  transcript: string[];
}

/** A reply line may be 512 octets (RFC 5321 4.5.3.1.5); a server sending more is not talking SMTP. */
const MAX_LINE_BYTES = 4096;
/** Lines kept of one conversation (a few commands, each with an EHLO-sized reply at most). */
const MAX_REPLY_LINES = 200;

/** Reads SMTP replies line by line (multi-line "250-" continues) and sends commands. */
class SmtpConversation {
  private buf = "";
  private received = 0;
  private waiters: ((line: string) => void)[] = [];
  private lines: string[] = [];
  readonly transcript: string[] = [];
  constructor(private readonly socket: net.Socket) {
    socket.on("data", (c: Buffer) => {
      this.buf += c.toString("latin1");
      let i;
      while ((i = this.buf.indexOf("\n")) >= 0) {
        const line = this.buf.slice(0, i).replace(/\r$/, "");
        this.buf = this.buf.slice(i + 1);
        if (++this.received > MAX_REPLY_LINES)
          return this.overflow(`more than ${MAX_REPLY_LINES} reply lines`);
        this.transcript.push(`S: ${line}`);
        if (/^\d{3}-/.test(line)) continue;
        const w = this.waiters.shift();
        if (w) w(line);
        else this.lines.push(line);
      }
      if (this.buf.length > MAX_LINE_BYTES) this.overflow(`a reply line over ${MAX_LINE_BYTES} bytes`);
    });
  }
  /** The server sends more than any SMTP reply: the probe fails (the socket's error) and reads no more. */
  private overflow(what: string): void {
    this.buf = "";
    this.socket.destroy(Object.assign(new Error(`SMTP server sent ${what}`), { code: "ETOOLARGE" }));
  }
  reply(): Promise<number> {
    const l = this.lines.shift();
    if (l) return Promise.resolve(Number(l.slice(0, 3)));
    return new Promise((r) => this.waiters.push((line) => r(Number(line.slice(0, 3)))));
  }
  async send(cmd: string): Promise<number> {
    this.transcript.push(`C: ${cmd}`);
    this.socket.write(`${cmd}\r\n`);
    return this.reply();
  }
}

export async function probeSmtp(
  domain: string,
  mxHosts: string[],
  opts: SmtpProbeOptions,
): Promise<SmtpProbeResult> {
  const mx = mxHosts[0];
  if (!mx) throw Object.assign(new Error("no MX"), { code: "ENOMX" });
  const [address] = await resolveHost(opts.dns, mx);
  if (!opts.allowPrivateNetwork && isPrivateAddress(address!)) throw new BlockedAddressError(mx, address!);
  const socket = net.connect({ host: address!, port: opts.port ?? 25 });
  const smtp = new SmtpConversation(socket);
  const failure = new Promise<never>((_, reject) => {
    socket.once("error", reject);
    socket.once("close", () =>
      reject(Object.assign(new Error("SMTP connection closed"), { code: "ECONNRESET" })),
    );
    socket.setTimeout(opts.timeoutMs, () =>
      reject(Object.assign(new Error("SMTP timed out"), { code: "ETIMEDOUT" })),
    );
  });
  failure.catch(() => {});
  const talk = async () => {
    if ((await smtp.reply()) !== 220) return false;
    if ((await smtp.send(`EHLO ${opts.heloName ?? "probe.invalid"}`)) !== 250) {
      if ((await smtp.send(`HELO ${opts.heloName ?? "probe.invalid"}`)) !== 250) return false;
    }
    if ((await smtp.send("MAIL FROM:<>")) !== 250) return false;
    let accepted = false;
    for (const user of ["postmaster-check", "ceo", "payroll"]) {
      const code = await smtp.send(`RCPT TO:<${user}@${domain}>`);
      if (code === 250 || code === 251) accepted = true;
    }
    await smtp.send("QUIT").catch(() => 0);
    return accepted;
  };
  try {
    return { accepts: await Promise.race([talk(), failure]), mx, transcript: smtp.transcript };
  } finally {
    socket.destroy();
  }
}
