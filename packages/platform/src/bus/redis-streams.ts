import type { Redis } from "ioredis";
import { compareStreamIds, deadLetterStream } from "./bus.ts";
import type { GroupReader, RawEntry } from "./consumer-loop.ts";
import { commandConnection, type BlockingConnection, type CommandConnection } from "./blocking-connection.ts";

/** The one field of a stream entry: the JSON message. */
export const FIELD = "m";

export type XEntry = [id: string, fields: string[] | null];

/** Entries whose data is gone (trimmed while pending) come back without fields. */
function split(entries: XEntry[] | null | undefined): { live: RawEntry[]; gone: string[] } {
  const live: RawEntry[] = [];
  const gone: string[] = [];
  for (const [id, fields] of entries ?? []) {
    const at = fields ? fields.indexOf(FIELD) : -1;
    if (fields && at >= 0 && at + 1 < fields.length) live.push({ id, text: fields[at + 1]! });
    else gone.push(id);
  }
  return { live, gone };
}

/**
 * The entries of the one stream in an XREAD/XREADGROUP reply: `[[stream, entries]]` in RESP2,
 * `[stream, entries]` when the client speaks RESP3 (a map flattened to key, value).
 */
export function streamEntries(reply: unknown): XEntry[] {
  if (!Array.isArray(reply) || reply.length === 0) return [];
  const pair = Array.isArray(reply[0]) ? (reply[0] as unknown[]) : reply;
  return (pair[1] as XEntry[] | undefined) ?? [];
}

const nextId = (id: string) => {
  const [ms, seq] = id.split("-");
  return `${ms}-${Number(seq) + 1}`;
};

/** Dead letters kept per stream (approximately). */
const DEAD_LETTER_MAX = 10_000;

/**
 * Trims below MINID (ARGV[1], if any) counting what this trim removed; entries gone otherwise
 * were dropped by the MAXLEN bound unread. Returns 1 when more were dropped than last seen.
 * KEYS: stream, its trimmed counter, the group's seen-losses counter.
 */
const TRIM_AND_COUNT = `
if ARGV[1] ~= '' then
  local n = redis.call('XTRIM', KEYS[1], 'MINID', ARGV[1])
  if n > 0 then redis.call('INCRBY', KEYS[2], n) end
end
local info = redis.call('XINFO', 'STREAM', KEYS[1])
local added, len = 0, 0
for i = 1, #info, 2 do
  if info[i] == 'entries-added' then added = info[i + 1] end
  if info[i] == 'length' then len = info[i + 1] end
end
local dropped = added - len - tonumber(redis.call('GET', KEYS[2]) or '0')
if dropped > tonumber(redis.call('GET', KEYS[3]) or '0') then
  redis.call('SET', KEYS[3], dropped)
  return 1
end
return 0`;

/** XINFO replies are flat `[name, value, ...]` lists. */
const field = (info: unknown[], name: string) => info[info.indexOf(name) + 1];

/**
 * One consumer of a group on Redis Streams: XREADGROUP (leftovers with id 0, new with `>`),
 * XAUTOCLAIM for entries idle on dead consumers, XACK, XTRIM MINID below the oldest entry any
 * group still needs, XGROUP DELCONSUMER for consumers long gone. Blocking reads use their own
 * connection so `close` can end them at once. A group that vanished (Redis restarted without its
 * data) is created again and reported through `onLoss`.
 */
export function createRedisGroupReader(opts: {
  commands: Redis;
  /** The reader's own connection for blocking reads, closed by `close`. */
  blocking: BlockingConnection;
  stream: string;
  group: string;
  consumer: string;
  /** The group vanished (created again), or pending entries were trimmed before being handled. */
  onLoss?: (reason: "group_lost" | "trimmed_unread") => void;
  /**
   * Groups this process saw exist (`<stream>\0<group>`), shared by its readers: creating one of
   * them again means Redis lost it (restarted without its data), whichever reader notices.
   */
  knownGroups?: Set<string>;
}): GroupReader {
  const { commands, blocking, stream, group, consumer } = opts;

  const known = opts.knownGroups ?? new Set<string>();
  const groupKey = `${stream}\u0000${group}`;
  async function ensureGroup(): Promise<void> {
    try {
      await commands.xgroup("CREATE", stream, group, "0", "MKSTREAM");
      if (known.has(groupKey)) opts.onLoss?.("group_lost");
    } catch (err) {
      if (!String((err as Error).message).includes("BUSYGROUP")) throw err;
    }
    known.add(groupKey);
  }
  /** A Redis that restarted empty has lost the group: create it again and retry once. */
  async function withGroup<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      // XREADGROUP says NOGROUP, XINFO "no such key": either way the group is gone.
      if (!/NOGROUP|no such key/i.test(String((err as Error).message))) throw err;
      await ensureGroup();
      return work();
    }
  }
  /** Pending entries whose data the MAXLEN bound removed cannot be handled: acknowledged, reported. */
  async function settle({ live, gone }: { live: RawEntry[]; gone: string[] }): Promise<RawEntry[]> {
    if (gone.length) {
      await commands.xack(stream, group, ...gone);
      opts.onLoss?.("trimmed_unread");
    }
    return live;
  }
  const plain = commandConnection(commands);
  async function readGroup(conn: CommandConnection, id: string, count: number, blockMs: number) {
    const args: (string | number)[] = ["GROUP", group, consumer, "COUNT", count];
    if (blockMs > 0) args.push("BLOCK", blockMs);
    args.push("STREAMS", stream, id);
    const reply = (await withGroup(() => conn.call("XREADGROUP", ...args))) as unknown;
    return settle(split(streamEntries(reply)));
  }

  // Created before the first read; a failure (Redis away) is tried again on the next call.
  let ready: Promise<void> | null = null;
  const groupReady = () =>
    (ready ??= ensureGroup().catch((err: unknown) => {
      ready = null;
      throw err;
    }));
  return {
    async ownPending(count) {
      await groupReady();
      return readGroup(plain, "0", count, 0);
    },
    async claimIdle(minIdleMs, count) {
      await groupReady();
      const reply = (await withGroup(() =>
        commands.call("XAUTOCLAIM", stream, group, consumer, minIdleMs, "0-0", "COUNT", count),
      )) as [string, XEntry[], string[]?];
      return settle(split(reply[1]));
    },
    async readNew(count, blockMs) {
      await groupReady();
      return readGroup(blockMs > 0 ? blocking : plain, ">", count, blockMs);
    },
    async ack(ids) {
      await commands.xack(stream, group, ...ids);
    },
    async deadLetter(entry, why) {
      const letter = { stream, group, id: entry.id, text: entry.text, ...why, at: new Date().toISOString() };
      await commands.xadd(
        deadLetterStream(stream),
        "MAXLEN",
        "~",
        DEAD_LETTER_MAX,
        "*",
        FIELD,
        JSON.stringify(letter),
      );
      await commands.xack(stream, group, entry.id);
    },
    async trimAcknowledged() {
      const groups = (await withGroup(() => commands.call("XINFO", "GROUPS", stream))) as unknown[][];
      let keep: string | null = null;
      const older = (a: string, b: string | null) => (b === null || compareStreamIds(a, b) < 0 ? a : b);
      for (const info of groups) {
        keep = older(nextId(String(field(info, "last-delivered-id"))), keep);
        if (Number(field(info, "pending")) > 0) {
          const [, smallest] = (await commands.xpending(stream, String(field(info, "name")))) as [
            number,
            string,
          ];
          keep = older(smallest, keep);
        }
      }
      const lostNow = await commands.eval(
        TRIM_AND_COUNT,
        3,
        stream,
        `${stream}:trimmed`,
        `${stream}:lost-seen:${group}`,
        keep ?? "",
      );
      return { trimmedUnread: lostNow === 1 };
    },
    async removeIdleConsumers(minIdleMs) {
      const consumers = (await commands.call("XINFO", "CONSUMERS", stream, group)) as unknown[][];
      for (const info of consumers) {
        const name = String(field(info, "name"));
        if (name === consumer || Number(field(info, "pending")) > 0) continue;
        if (Number(field(info, "idle")) >= minIdleMs)
          await commands.xgroup("DELCONSUMER", stream, group, name);
      }
    },
    async close() {
      blocking.disconnect();
    },
  };
}
