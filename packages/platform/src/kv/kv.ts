/** String key-value store with per-key TTL. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** ttlMs omitted: no expiry. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets only when absent; true when it was set. */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Increments an integer counter; the TTL is applied when the key is created. Returns the new value. */
  incr(key: string, ttlMs?: number): Promise<number>;
  /** Remaining TTL in ms; null when the key is absent or has no expiry. */
  ttl(key: string): Promise<number | null>;
  /** Keys matching a Redis-style glob pattern. For small key spaces (diagnostics, tests). */
  keys(pattern: string): Promise<string[]>;
  close(): Promise<void>;
}
