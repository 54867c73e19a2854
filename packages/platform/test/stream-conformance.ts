import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueId, waitFor } from "../testing/wait-for.ts";
import { deadLetterStream, type Bus, type StreamLimits, type StreamLoss } from "../src/bus/bus.ts";

/**
 * The durable side of every Bus: streams keep what no one has read yet, hand a dead consumer's
 * entries to a live one, and stay bounded. Each test uses its own stream name.
 */
export function describeStreamConformance(
  name: string,
  factory: (limits?: StreamLimits) => Bus | Promise<Bus>,
): void {
  describe(`Stream conformance: ${name}`, () => {
    let bus: Bus;
    beforeAll(async () => {
      bus = await factory();
    });
    afterAll(async () => {
      await bus?.close();
    });

    it("delivers entries appended while no consumer existed, in order, before caughtUp resolves", async () => {
      const stream = uniqueId("s");
      for (const n of [1, 2, 3]) await bus.append(stream, { n });
      const got: unknown[] = [];
      const consumer = await bus.consume(stream, { group: "web", consumer: "a" }, (m) => void got.push(m));
      await consumer.caughtUp;
      expect(got).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      await bus.append(stream, { n: 4 });
      await waitFor(() => got.length === 4, "entry appended while consuming");
      await consumer.stop();
    });

    it("shares a group's entries between consumers, each once and in order", async () => {
      const stream = uniqueId("s");
      const a: number[] = [];
      const b: number[] = [];
      const ca = await bus.consume(stream, { group: "web", consumer: "a" }, (m) => void a.push(m as number));
      const cb = await bus.consume(stream, { group: "web", consumer: "b" }, (m) => void b.push(m as number));
      for (let n = 0; n < 30; n++) await bus.append(stream, n);
      await waitFor(() => a.length + b.length === 30, "every entry");
      expect([...a, ...b].sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
      for (const seen of [a, b]) expect(seen).toEqual([...seen].sort((x, y) => x - y));
      await Promise.all([ca.stop(), cb.stop()]);
    });

    it("hands the unacknowledged entries of a consumer that died to another", async () => {
      const stream = uniqueId("s");
      let release!: () => void;
      const stuck = new Promise<void>((resolve) => (release = resolve));
      const taken: unknown[] = [];
      // Consumer a takes the entry and never finishes it (its process died mid-handler).
      const dead = await bus.consume(stream, { group: "web", consumer: "dead" }, (m) => {
        taken.push(m);
        return stuck;
      });
      await bus.append(stream, "orphan");
      await waitFor(() => taken.length === 1, "entry taken by the dying consumer");
      const got: unknown[] = [];
      const alive = await bus.consume(
        stream,
        { group: "web", consumer: "alive", claimIdleMs: 200 },
        (m) => void got.push(m),
      );
      await waitFor(() => got.length === 1, "entry claimed by the live consumer", 10_000);
      expect(got).toEqual(["orphan"]);
      release();
      await Promise.all([dead.stop(), alive.stop()]);
    });

    it("retries an entry whose handler failed, then acknowledges it", async () => {
      const stream = uniqueId("s");
      const seen: unknown[] = [];
      let failures = 1;
      const consumer = await bus.consume(stream, { group: "web", consumer: "a", claimIdleMs: 100 }, (m) => {
        seen.push(m);
        if (m === "flaky" && failures-- > 0) throw new Error("database unavailable");
      });
      await bus.append(stream, "flaky");
      await waitFor(() => seen.filter((m) => m === "flaky").length === 2, "retried entry", 10_000);
      await bus.append(stream, "sentinel");
      await waitFor(() => seen.includes("sentinel"), "sentinel");
      // Once handled, the entry is not delivered again (the claim pass runs every 50 ms here).
      await bus.append(stream, "second sentinel");
      await waitFor(() => seen.includes("second sentinel"), "second sentinel");
      expect(seen.filter((m) => m === "flaky")).toHaveLength(2);
      await consumer.stop();
    });

    it("retries a failed entry in place: later entries of its key never overtake it", async () => {
      const stream = uniqueId("s");
      const applied: string[] = [];
      let failures = 2;
      const consumer = await bus.consume(
        stream,
        { group: "web", consumer: "a", retryBaseMs: 20, keyOf: (m) => (m as { key: string }).key },
        (m) => {
          const { key, step } = m as { key: string; step: string };
          if (step === "initial" && key === "scan-1" && failures-- > 0) throw new Error("database blip");
          applied.push(`${key}:${step}`);
        },
      );
      await bus.append(stream, { key: "scan-1", step: "initial" });
      await bus.append(stream, { key: "scan-1", step: "delta" });
      await bus.append(stream, { key: "scan-2", step: "initial" });
      await waitFor(() => applied.length === 3, "every entry applied");
      const scan1 = applied.filter((a) => a.startsWith("scan-1"));
      expect(scan1).toEqual(["scan-1:initial", "scan-1:delta"]);
      expect(applied).toContain("scan-2:initial");
      await consumer.stop();
    });

    it("moves an entry that failed every delivery to the dead-letter stream, then goes on", async () => {
      const stream = uniqueId("s");
      const applied: unknown[] = [];
      const told: string[] = [];
      const consumer = await bus.consume(
        stream,
        {
          group: "web",
          consumer: "a",
          maxDeliveries: 3,
          retryBaseMs: 10,
          onDeadLetter: (s) => void told.push(s),
        },
        (m) => {
          if (m === "poison") throw new Error("cannot apply");
          applied.push(m);
        },
      );
      await bus.append(stream, "poison");
      await bus.append(stream, "after");
      await waitFor(() => applied.includes("after"), "the entry after the poison one");
      expect(await bus.streamLength(deadLetterStream(stream))).toBe(1);
      // The consumer's owner is told (the web app's metrics count dead letters).
      expect(told).toEqual([stream]);
      const letters: unknown[] = [];
      const stopTail = await bus.tail(deadLetterStream(stream), 0, (m) => void letters.push(m));
      await waitFor(() => letters.length === 1, "the dead letter");
      expect(letters[0]).toMatchObject({
        stream,
        group: "web",
        text: '"poison"',
        error: "cannot apply",
        attempts: 3,
      });
      await stopTail();
      await consumer.stop();
    });

    it("retries an entry whose dependency is unreachable far past maxDeliveries, never dead-lettering it", async () => {
      const stream = uniqueId("s");
      const applied: unknown[] = [];
      let outage = 12; // failures while "the database" is away: four times the poison limit
      const consumer = await bus.consume(
        stream,
        { group: "web", consumer: "a", maxDeliveries: 3, retryBaseMs: 1, retryMaxMs: 5 },
        (m) => {
          if (outage-- > 0)
            throw new Error("Failed query", {
              cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
            });
          applied.push(m);
        },
      );
      await bus.append(stream, "finding");
      await bus.append(stream, "after");
      await waitFor(() => applied.length === 2, "both entries applied once the database is back");
      expect(applied).toEqual(["finding", "after"]);
      expect(await bus.streamLength(deadLetterStream(stream))).toBe(0);
      await consumer.stop();
    });

    it("lists a stream's oldest entries and removes some by id (dead letters an operator replayed)", async () => {
      const stream = uniqueId("s");
      const ids = [
        await bus.append(stream, { n: 1 }),
        await bus.append(stream, { n: 2 }),
        await bus.append(stream, { n: 3 }),
      ];
      expect(await bus.range(stream, 2)).toEqual([
        { id: ids[0], message: { n: 1 } },
        { id: ids[1], message: { n: 2 } },
      ]);
      expect(await bus.remove(stream, [ids[0]!, ids[2]!])).toBe(2);
      expect(await bus.range(stream, 10)).toEqual([{ id: ids[1], message: { n: 2 } }]);
      expect(await bus.range(uniqueId("none"), 10)).toEqual([]);
    });

    it("gives a consumer restarted under the same name its unacknowledged entries at once", async () => {
      const stream = uniqueId("s");
      let release!: () => void;
      const stuck = new Promise<void>((resolve) => (release = resolve));
      const taken: unknown[] = [];
      const before = await bus.consume(stream, { group: "web", consumer: "web-1:3000" }, (m) => {
        taken.push(m);
        return stuck;
      });
      await bus.append(stream, "in flight");
      await waitFor(() => taken.length === 1, "entry taken before the restart");
      // The process "restarts": same name, and a claim delay far longer than this test.
      const got: unknown[] = [];
      const after = await bus.consume(
        stream,
        { group: "web", consumer: "web-1:3000", claimIdleMs: 600_000 },
        (m) => void got.push(m),
      );
      await after.caughtUp;
      expect(got).toEqual(["in flight"]);
      release();
      await Promise.all([before.stop(), after.stop()]);
    });

    it("says whether a group has handled an entry, and the last id appended", async () => {
      const stream = uniqueId("s");
      expect(await bus.lastId(stream)).toBe("0-0");
      const first = await bus.append(stream, 1);
      expect(await bus.lastId(stream)).toBe(first);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const consumer = await bus.consume(stream, { group: "web", consumer: "a" }, () => gate);
      expect(await bus.acknowledged(stream, "web", first)).toBe(false);
      release();
      await waitFor(() => bus.acknowledged(stream, "web", first), "entry acknowledged");
      await consumer.stop();
    });

    describe("partitions", () => {
      const partitions = (n: number) => {
        const base = uniqueId("p");
        return [...Array(n).keys()].map((i) => `${base}:${i}`);
      };

      it("spreads partitions over members; one partition is never handled by two at once, and stays in order", async () => {
        const streams = partitions(4);
        const busy = new Map<string, string>();
        const overlaps: string[] = [];
        const applied = new Map<number, number[]>();
        const member = (name: string) =>
          bus.consumePartitions(streams, { group: "web", consumer: name, leaseMs: 300 }, async (m) => {
            const { p, n } = m as { p: number; n: number };
            const partition = streams[p]!;
            if (busy.has(partition)) overlaps.push(`${partition}: ${busy.get(partition)} and ${name}`);
            busy.set(partition, name);
            await new Promise((r) => setTimeout(r, 2));
            busy.delete(partition);
            applied.set(p, [...(applied.get(p) ?? []), n]);
          });
        const a = await member("a");
        await a.caughtUp;
        const appendRound = async (from: number) => {
          for (let n = from; n < from + 15; n++)
            for (let p = 0; p < 4; p++) await bus.append(streams[p]!, { p, n });
        };
        await appendRound(0);
        // A second member joins mid-stream and takes its share.
        const b = await member("b");
        await appendRound(15);
        await waitFor(() => [0, 1, 2, 3].every((p) => applied.get(p)?.length === 30), "every entry", 15_000);
        await b.caughtUp;
        expect(overlaps).toEqual([]);
        for (const p of [0, 1, 2, 3]) expect(applied.get(p)).toEqual([...Array(30).keys()]);
        await Promise.all([a.stop(), b.stop()]);
      });

      it("hands a dead member's partitions to a live one, which finishes what it left first", async () => {
        const streams = partitions(1);
        const got: Array<[string, unknown]> = [];
        const hang = new Promise<void>(() => undefined);
        const dying = await bus.consumePartitions(
          streams,
          { group: "web", consumer: "a", leaseMs: 300 },
          (m) => {
            got.push(["a", m]);
            return hang; // the process froze mid-handler
          },
        );
        await dying.caughtUp;
        await bus.append(streams[0]!, "x");
        await waitFor(() => got.length === 1, "entry taken by the dying member");
        // It stops renewing its lease (the process is gone) without ever finishing "x".
        void dying.stop();
        const alive = await bus.consumePartitions(
          streams,
          { group: "web", consumer: "b", leaseMs: 300 },
          (m) => void got.push(["b", m]),
        );
        await bus.append(streams[0]!, "y");
        await waitFor(() => got.length === 3, "both entries handled by the live member", 10_000);
        expect(got).toEqual([
          ["a", "x"],
          ["b", "x"],
          ["b", "y"],
        ]);
        await alive.stop();
      });
    });

    it("trims what every group acknowledged", async () => {
      const stream = uniqueId("s");
      const got: unknown[] = [];
      const consumer = await bus.consume(
        stream,
        { group: "web", consumer: "a", trimEveryMs: 50 },
        (m) => void got.push(m),
      );
      for (let n = 0; n < 5; n++) await bus.append(stream, n);
      await waitFor(() => got.length === 5, "all entries");
      await waitFor(async () => (await bus.streamLength(stream)) === 0, "acknowledged entries trimmed");
      await consumer.stop();
    });

    it("keeps at most maxLen entries of a stream nobody reads", async () => {
      const bounded = await factory({ maxLen: 5, maxAgeMs: 60_000 });
      try {
        const stream = uniqueId("s");
        for (let n = 0; n < 12; n++) await bounded.append(stream, n);
        expect(await bounded.streamLength(stream)).toBe(5);
        const got: unknown[] = [];
        const losses: StreamLoss[] = [];
        const consumer = await bounded.consume(
          stream,
          { group: "web", consumer: "a", onLoss: (loss) => void losses.push(loss) },
          (m) => void got.push(m),
        );
        await consumer.caughtUp;
        expect(got).toEqual([7, 8, 9, 10, 11]);
        // The seven entries the bound dropped unread are reported, not silently gone.
        expect(losses).toEqual([{ stream, reason: "trimmed_unread" }]);
        await consumer.stop();
      } finally {
        await bounded.close();
      }
    });

    it("tails a stream for every reader, from a point in time", async () => {
      const stream = uniqueId("s");
      const before = Date.now();
      await bus.append(stream, "early");
      const first: unknown[] = [];
      const second: unknown[] = [];
      const stopFirst = await bus.tail(stream, before, (m) => void first.push(m));
      const stopSecond = await bus.tail(stream, Date.now() + 60_000, (m) => void second.push(m));
      await bus.append(stream, "late");
      await waitFor(() => first.length === 2, "both entries for the reader from before");
      expect(first).toEqual(["early", "late"]);
      // A reader only sees entries from its point in time on: "late" is older than that.
      await stopSecond();
      await stopFirst();
      expect(second).toEqual([]);
    });
  });
}
