import net from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { DnsClient } from "../../ports/dns/dns.port.ts";
import { probeSmtp } from "./smtp-probe.ts";

// A hostile MX that never ends its line, or never ends its reply, is a failed probe with a reason,
// not a buffer that grows until the worker runs out of memory.

/** A server on loopback that writes `greet` on connect and keeps writing `more` until the client leaves. */
async function hostileMx(greet: string, more: string) {
  let sent = 0;
  const server = net.createServer((socket) => {
    socket.on("error", () => undefined);
    socket.write(greet);
    const pump = () => {
      while (!socket.destroyed && sent < 64 * 1024 * 1024) {
        sent += more.length;
        if (!socket.write(more)) return void socket.once("drain", pump);
      }
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as AddressInfo).port,
    sent: () => sent,
    close: () => new Promise((r) => server.close(r)),
  };
}

const noDns = {} as DnsClient; // the MX is an address: no lookup

describe("SMTP probe against a hostile server", () => {
  it("fails on a reply line that never ends", async () => {
    const mx = await hostileMx("220", "x".repeat(16 * 1024));
    try {
      const err = await probeSmtp("acme.test", ["127.0.0.1"], {
        dns: noDns,
        allowPrivateNetwork: true,
        timeoutMs: 30_000,
        port: mx.port,
      }).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: "ETOOLARGE",
        message: "SMTP server sent a reply line over 4096 bytes",
      });
    } finally {
      await mx.close();
    }
  });

  it("fails on a multi-line reply that never ends", async () => {
    const mx = await hostileMx("220 hi\r\n", "250-more\r\n".repeat(1000));
    try {
      const err = await probeSmtp("acme.test", ["127.0.0.1"], {
        dns: noDns,
        allowPrivateNetwork: true,
        timeoutMs: 30_000,
        port: mx.port,
      }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "ETOOLARGE", message: "SMTP server sent more than 200 reply lines" });
    } finally {
      await mx.close();
    }
  });
});
