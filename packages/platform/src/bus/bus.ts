/** Publish/subscribe on named channels. Messages are JSON-serialisable values. */
export type BusHandler = (channel: string, message: unknown) => void | Promise<void>;

export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Redis-style glob pattern (`*`, `?`, `[...]`). Resolves once the subscription is active. */
  psubscribe(pattern: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
