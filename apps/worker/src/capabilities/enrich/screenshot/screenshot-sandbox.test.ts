import dgram from "node:dgram";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium } from "playwright-core";
import { HEADLESS_CHROMIUM_ARGS } from "@brandwarden/platform/browser/chromium";
import { smallScenario, startTestWorld } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import type { DnsClient } from "../../../ports/dns/dns.port.ts";
import { createDnsClient } from "../../../ports/dns/dns-client.ts";
import { createScreenshotter } from "./screenshotter.ts";

// The renderer is contained: a hostile page's WebRTC cannot send STUN around the pinning proxy,
// Chromium runs sandboxed as a user other than root, and it never sees the worker's secrets.
// Needs Debian's Chromium and, as root, the renderer user (`.ci/run` sets up both); fails, never skips.

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SECRET = "bw-test-secret-that-must-not-reach-the-browser";

/** A page that gathers ICE candidates against a STUN server on loopback. Its `load` waits until
 * gathering completed or the listener got a packet (the image is answered only then), so any STUN
 * packet has been sent before the screenshot is taken: no timing in the test. */
function hostilePage(stunPort: number) {
  return `<!doctype html><title>hostile</title><h1>Sign in to AcmeBank</h1>
<script>
const pc = new RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:${stunPort}" }] });
pc.createDataChannel("x");
pc.onicegatheringstatechange = () => {
  if (pc.iceGatheringState === "complete") fetch("/gathered");
};
pc.createOffer().then((o) => pc.setLocalDescription(o));
const img = new Image(); img.src = "/after-gathering.png"; document.body.appendChild(img);
</script>`;
}

interface Hostile {
  url: string;
  port: number;
  packets: () => number;
  close(): Promise<void>;
}

async function startHostile(): Promise<Hostile> {
  const udp = dgram.createSocket("udp4");
  let packets = 0;
  let gathered: () => void = () => {};
  let gatheredP = new Promise<void>((r) => (gathered = r));
  udp.on("message", () => {
    packets++;
    gathered();
  });
  await new Promise<void>((r) => udp.bind(0, "127.0.0.1", () => r()));
  const stunPort = (udp.address() as AddressInfo).port;
  const server = http.createServer((req, res) => {
    if (req.url === "/gathered") {
      gathered();
      return res.writeHead(204).end();
    }
    if (req.url === "/after-gathering.png") {
      void gatheredP.then(() => {
        gatheredP = new Promise<void>((r) => (gathered = r));
        res.writeHead(404).end();
      });
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end(hostilePage(stunPort));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://hostile.example:${port}/`,
    port,
    packets: () => packets,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      udp.close();
    },
  };
}

/** Processes descended from this one, with their uid, seccomp mode, command line and environment. */
function descendants() {
  const procs = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const field = (k: string) => new RegExp(`^${k}:\\s*(\\S+)`, "m").exec(status)?.[1] ?? "";
        const environ = (() => {
          try {
            return readFileSync(`/proc/${pid}/environ`, "utf8");
          } catch {
            return ""; // a sandboxed process may hide it even from root: nothing to leak there
          }
        })();
        return [{
          pid: Number(pid),
          ppid: Number(field("PPid")),
          uid: Number(field("Uid")),
          seccomp: Number(field("Seccomp")),
          cmdline: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0"),
          environ,
        }]; // prettier-ignore
      } catch {
        return [];
      }
    });
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs)
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grew = true;
      }
  }
  return procs.filter((p) => p.pid !== process.pid && mine.has(p.pid));
}

describe("the screenshot renderer is contained", () => {
  let world: World;
  let dns: DnsClient;
  let hostile: Hostile;
  beforeAll(async () => {
    world = await startTestWorld(smallScenario(), { services: false });
    dns = createDnsClient({ nameservers: [world.env.DNS_NAMESERVERS!] });
    hostile = await startHostile();
  });
  afterAll(async () => {
    await hostile?.close();
    await dns?.close();
    await world?.stop();
  });

  it("without the containment a page's WebRTC reaches the loopback UDP listener (the threat is real)", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...HEADLESS_CHROMIUM_ARGS] }); // prettier-ignore
    try {
      const page = await browser.newPage();
      await page.goto(hostile.url.replace("hostile.example", "127.0.0.1"), { waitUntil: "load" });
      expect(hostile.packets()).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it("the STUN listener stays silent, the screenshot works, Chromium is sandboxed, unprivileged and without secrets", async () => {
    const before = hostile.packets();
    const saved = process.env.INTERNAL_API_TOKEN;
    process.env.INTERNAL_API_TOKEN = SECRET;
    const shots = createScreenshotter({ chromiumPath: CHROMIUM, dns, allowPrivateNetwork: true, userAgent: "bw-test", timeoutMs: 15_000 }); // prettier-ignore
    try {
      const shot = await shots.capture(hostile.url, new Map([["hostile.example", ["127.0.0.1"]]]));
      expect(shot.png.subarray(1, 4).toString()).toBe("PNG");
      expect(shot.hash).toMatch(/^dhash:/);
      expect(hostile.packets()).toBe(before);

      // Every process this test started is the browser's (the launcher exec'd into it).
      const browserProcs = descendants();
      expect(browserProcs.some((p) => p.cmdline.some((a) => a.includes("chromium")))).toBe(true);
      for (const p of browserProcs) {
        expect(p.uid).not.toBe(0);
        expect(p.cmdline).not.toContain("--no-sandbox");
        expect(p.environ).not.toContain(SECRET);
      }
      // Renderers run under Chromium's seccomp-bpf filter (mode 2) in their own namespaces, which
      // also hides their command line: at least the page's renderer is filtered (which utility
      // processes are alive at this moment differs between Chromium builds and machines).
      expect(browserProcs.filter((p) => p.seccomp === 2).length).toBeGreaterThanOrEqual(1);
    } finally {
      if (saved === undefined) delete process.env.INTERNAL_API_TOKEN;
      else process.env.INTERNAL_API_TOKEN = saved;
      await shots.close();
    }
  }, 60_000);
});
