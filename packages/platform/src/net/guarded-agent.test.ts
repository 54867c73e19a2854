import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "undici";
import { createGuardedAgent } from "./guarded-agent.ts";
import { isPrivateAddress } from "./private-address.ts";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.1",
    "169.254.169.254",
    "172.20.1.1",
    "192.168.1.1",
    "100.64.0.1",
    "::1",
    "fe80::1",
    "fd00::1",
    "::ffff:10.0.0.1",
    "0.0.0.0",
  ])("blocks %s", (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each(["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8", "172.32.0.1"])(
    "allows %s",
    (ip) => expect(isPrivateAddress(ip)).toBe(false),
  );
});

describe("createGuardedAgent", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end("inside"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("refuses a name that resolves to a loopback address when private networking is off", async () => {
    const agent = createGuardedAgent({ allowPrivateNetwork: false, resolve: async () => ["127.0.0.1"] });
    await expect(request(`http://evil.example:${port}/`, { dispatcher: agent })).rejects.toThrow(
      /Refusing to connect/,
    );
    await agent.close();
  });

  it("refuses IP literals of metadata and private ranges", async () => {
    const agent = createGuardedAgent({ allowPrivateNetwork: false });
    await expect(request("http://169.254.169.254/latest/meta-data", { dispatcher: agent })).rejects.toThrow(
      /Refusing/,
    );
    await expect(request("http://10.0.0.1/", { dispatcher: agent })).rejects.toThrow(/Refusing/);
    await expect(request(`http://127.0.0.1:${port}/`, { dispatcher: agent })).rejects.toThrow(/Refusing/);
    await agent.close();
  });

  it("lets an allowed host (and only it, on its port) reach a loopback address", async () => {
    const agent = createGuardedAgent({
      allowPrivateNetwork: false,
      allowHosts: [`llm.local:${port}`, "127.0.0.1"],
      resolve: async () => ["127.0.0.1"],
    });
    const res = await request(`http://llm.local:${port}/`, { dispatcher: agent });
    expect(await res.body.text()).toBe("inside");
    const literal = await request(`http://127.0.0.1:${port}/`, { dispatcher: agent });
    expect(await literal.body.text()).toBe("inside");
    await expect(request(`http://llm.local:${port + 1}/`, { dispatcher: agent })).rejects.toThrow(
      /Refusing to connect/,
    );
    await expect(request(`http://other.local:${port}/`, { dispatcher: agent })).rejects.toThrow(
      /Refusing to connect/,
    );
    await agent.close();
  });

  it("never lets an allowed host reach a link-local (metadata) address", async () => {
    const agent = createGuardedAgent({
      allowPrivateNetwork: false,
      allowHosts: ["169.254.169.254", "llm.local"],
      resolve: async () => ["169.254.169.254"],
    });
    await expect(request("http://169.254.169.254/latest/meta-data", { dispatcher: agent })).rejects.toThrow(
      /Refusing/,
    );
    await expect(request("http://llm.local/", { dispatcher: agent })).rejects.toThrow(/Refusing/);
    await agent.close();
  });

  it("refuses an allowed-host entry that is not host[:port]", () => {
    expect(() => createGuardedAgent({ allowPrivateNetwork: false, allowHosts: ["http://x/"] })).toThrow(
      /"http:\/\/x\/" is not a host\[:port\]/,
    );
    expect(() => createGuardedAgent({ allowPrivateNetwork: false, allowHosts: ["x:99999"] })).toThrow(
      /not a host/,
    );
  });

  it("connects through the given resolver when private networking is allowed", async () => {
    const agent = createGuardedAgent({ allowPrivateNetwork: true, resolve: async () => ["127.0.0.1"] });
    const res = await request(`http://anything.test:${port}/`, { dispatcher: agent });
    expect(await res.body.text()).toBe("inside");
    await agent.close();
  });
});
