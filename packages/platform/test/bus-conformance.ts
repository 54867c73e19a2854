import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueId, waitFor } from "../testing/wait-for.ts";
import type { Bus } from "../src/bus/bus.ts";

interface Received {
  channel: string;
  message: unknown;
}

/**
 * One behavioural contract for every Bus. Each test uses its own channel prefix so that runs
 * sharing a Redis server never see each other's messages. Absence of a message is proven by
 * publishing a sentinel afterwards: delivery is ordered, so once the sentinel arrives anything
 * published before it would have too.
 */
export function describeBusConformance(
  name: string,
  factory: () => Bus | Promise<Bus>,
  hooks: { beforeAll?: () => void } = {},
): void {
  describe(`Bus conformance: ${name}`, () => {
    let bus: Bus;
    beforeAll(async () => {
      hooks.beforeAll?.();
      bus = await factory();
    });
    afterAll(async () => {
      await bus?.close();
    });

    function collector(): { received: Received[]; handler: (channel: string, message: unknown) => void } {
      const received: Received[] = [];
      return { received, handler: (channel, message) => void received.push({ channel, message }) };
    }

    it("delivers to pattern subscribers with Redis glob semantics", async () => {
      const p = uniqueId();
      const star = collector();
      const question = collector();
      const klass = collector();
      await bus.psubscribe(`${p}:*`, star.handler);
      await bus.psubscribe(`${p}:scan_?`, question.handler);
      await bus.psubscribe(`${p}:[ab]x`, klass.handler);
      for (const ch of ["scan_1", "scan_22", "ax", "bx", "cx", "done"]) await bus.publish(`${p}:${ch}`, ch);
      await waitFor(() => star.received.length === 6, "all messages on *");
      expect(star.received.map((r) => r.channel)).toEqual(
        ["scan_1", "scan_22", "ax", "bx", "cx", "done"].map((c) => `${p}:${c}`),
      );
      expect(question.received.map((r) => r.message)).toEqual(["scan_1"]);
      expect(klass.received.map((r) => r.message)).toEqual(["ax", "bx"]);
    });

    it("fans out to multiple subscribers of the same pattern", async () => {
      const p = uniqueId();
      const a = collector();
      const b = collector();
      await bus.psubscribe(`${p}:*`, a.handler);
      await bus.psubscribe(`${p}:*`, b.handler);
      await bus.publish(`${p}:x`, { n: 1 });
      await waitFor(() => a.received.length === 1 && b.received.length === 1, "both subscribers");
      expect(a.received[0]).toEqual({ channel: `${p}:x`, message: { n: 1 } });
      expect(b.received[0]).toEqual(a.received[0]);
    });

    it("stops delivering after unsubscribe, leaving other subscribers alone", async () => {
      const p = uniqueId();
      const gone = collector();
      const stays = collector();
      const unsubscribe = await bus.psubscribe(`${p}:*`, gone.handler);
      await bus.psubscribe(`${p}:*`, stays.handler);
      await bus.publish(`${p}:x`, 1);
      await waitFor(() => gone.received.length === 1 && stays.received.length === 1, "first message");
      await unsubscribe();
      await bus.publish(`${p}:x`, 2);
      await waitFor(() => stays.received.length === 2, "second message");
      expect(gone.received.map((r) => r.message)).toEqual([1]);
    });

    it("unsubscribing the last handler of a pattern stops delivery for it", async () => {
      const p = uniqueId();
      const only = collector();
      const sentinel = collector();
      const unsubscribe = await bus.psubscribe(`${p}:a*`, only.handler);
      await bus.psubscribe(`${p}:*`, sentinel.handler);
      await unsubscribe();
      await bus.publish(`${p}:a1`, 1);
      await waitFor(() => sentinel.received.length === 1, "sentinel");
      expect(only.received).toEqual([]);
    });

    it("round-trips JSON values and preserves publish order", async () => {
      const p = uniqueId();
      const c = collector();
      await bus.psubscribe(`${p}:*`, c.handler);
      const values = [
        { v: 1, kind: "scan_update", data: { nested: [1, "two", null, true], unicode: "é✓" } },
        [1, 2, 3],
        "text",
        42,
        null,
        false,
      ];
      for (const v of values) await bus.publish(`${p}:m`, v);
      await waitFor(() => c.received.length === values.length, "all values");
      expect(c.received.map((r) => r.message)).toEqual(values);
      // JSON semantics: a Date arrives as its ISO string, undefined members vanish.
      await bus.publish(`${p}:m`, { at: new Date(0), gone: undefined });
      await waitFor(() => c.received.length === values.length + 1, "date message");
      expect(c.received.at(-1)?.message).toEqual({ at: "1970-01-01T00:00:00.000Z" });
    });

    it("rejects a message that is not JSON-serialisable", async () => {
      await expect(bus.publish(`${uniqueId()}:x`, undefined)).rejects.toThrow(TypeError);
    });

    it("isolates channels by prefix", async () => {
      const mine = uniqueId();
      const other = uniqueId();
      const c = collector();
      await bus.psubscribe(`${mine}:*`, c.handler);
      await bus.publish(`${other}:x`, "not mine");
      await bus.publish(`${mine}:x`, "mine");
      await waitFor(() => c.received.length >= 1, "own message");
      expect(c.received.map((r) => r.message)).toEqual(["mine"]);
    });

    it("delivers asynchronously, never on the publisher's stack", async () => {
      const p = uniqueId();
      let publishing = false;
      const duringPublish: boolean[] = [];
      await bus.psubscribe(`${p}:*`, () => void duringPublish.push(publishing));
      publishing = true;
      const sent = bus.publish(`${p}:x`, 1);
      publishing = false;
      await sent;
      await waitFor(() => duringPublish.length === 1, "message");
      expect(duringPublish).toEqual([false]);
    });

    it("keeps delivering when a handler throws or rejects", async () => {
      const p = uniqueId();
      const c = collector();
      await bus.psubscribe(`${p}:*`, () => {
        throw new Error("boom");
      });
      await bus.psubscribe(`${p}:*`, async () => {
        throw new Error("async boom");
      });
      await bus.psubscribe(`${p}:*`, c.handler);
      await bus.publish(`${p}:x`, 1);
      await bus.publish(`${p}:x`, 2);
      await waitFor(() => c.received.length === 2, "both messages despite failing handlers");
    });
  });
}
