import { Agent, request } from "undici";
import { generateScenario } from "@brandwarden/world/scenario/generate";
import { startTestWorld } from "@brandwarden/world/testing/test-world";
const rtt = Number(process.env.RTT ?? 50);
const world = await startTestWorld(generateScenario({ brand: "Acme Bank", domain: "acmebank.com", lookalikes: Number(process.env.N ?? 3000), seed: "probe" }), { ct: false, ...(rtt ? { network: { default: { rttMs: rtt, jitter: 0.05, loss: 0 } } } : {}) });
const targets = world.scenario.lookalikes.filter((l) => l.dns.a.length && !l.dns.fault).map((l) => ({ d: l.domain, ip: l.dns.a[0]! }));
const errors = new Map<string, number>(); let ok = 0;
let i = 0;
await Promise.all(Array.from({ length: 64 }, async () => {
  while (i < targets.length) {
    const t = targets[i++]!;
    const agent = new Agent({ connect: { timeout: 10_000, ca: world.ca.rootPem, servername: t.d } });
    try {
      for (const path of ["http:/", "https:/", "https:/favicon.ico"]) {
        const [scheme, p] = path.split(":");
        const r = await request(`${scheme}://${t.ip}${p}`, { headers: { host: t.d }, dispatcher: agent, headersTimeout: 10_000, bodyTimeout: 10_000 });
        await r.body.text();
      }
      ok++;
    } catch (e) { const c = (e as { code?: string }).code ?? String(e); errors.set(c, (errors.get(c) ?? 0) + 1); }
    finally { await agent.close(); }
  }
}));
console.log(`rtt ${rtt}: ${targets.length} hosts, ${ok} ok`, [...errors]);
await world.stop();
