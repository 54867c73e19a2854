// Handles the running services hand back to tests and to the world core.

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json?: unknown;
  received_at: string;
}

export interface WebhookReceiver {
  url: string;
  requests(): RecordedRequest[];
  clear(): void;
  /** Resolves once the port is open again (or closed, for "down"). */
  setMode(mode: "up" | "down" | "slow" | "error", delayMs?: number): Promise<void>;
}

export interface SmtpMessage {
  id: number;
  from: string;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  /** `text`: the decoded content of text and JSON attachments. */
  attachments: Array<{ filename: string; content_type: string; size: number; text?: string }>;
  raw: string;
  received_at: string;
}

export interface SmtpSink {
  url: string;
  messages(): SmtpMessage[];
  clear(): void;
  waitFor(predicate: (m: SmtpMessage) => boolean, timeoutMs?: number): Promise<SmtpMessage>;
  /** Calls `listener` with every message received from now on; returns the unsubscribe. */
  onMessage(listener: (m: SmtpMessage) => void): () => void;
}
