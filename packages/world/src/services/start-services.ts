import type { ServicesScenario } from "../scenario/services-schema.ts";
import type { SmtpSink, WebhookReceiver } from "./types.ts";

export interface StartServicesOptions {
  host?: string;
  basePort?: number;
}

export interface RunningServices {
  env: Record<string, string>;
  urls: Record<string, string>;
  stop(): Promise<void>;
  webhookReceiver: WebhookReceiver;
  smtpSink: SmtpSink;
}

export async function startServices(
  _services: ServicesScenario,
  _opts: StartServicesOptions = {},
): Promise<RunningServices> {
  return { env: {}, urls: {}, stop: async () => {}, webhookReceiver: null as unknown as WebhookReceiver, smtpSink: null as unknown as SmtpSink };
}
