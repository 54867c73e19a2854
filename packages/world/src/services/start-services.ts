import type { Platform, ServicesScenario } from "../scenario/services-schema.ts";
import { PLATFORMS, ServicesScenarioSchema } from "../scenario/services-schema.ts";
import { startFeeds } from "./feeds.ts";
import type { RunningFeeds } from "./feeds.ts";
import type { Listening } from "./http.ts";
import { startLlm } from "./llm/server.ts";
import type { RunningLlm } from "./llm/server.ts";
import { startSearch } from "./search.ts";
import { startPlatform } from "./social/server.ts";
import type { RunningPlatform } from "./social/server.ts";
import { startSmtp } from "./smtp.ts";
import type { RunningSmtp } from "./smtp.ts";
import type { SmtpSink, WebhookReceiver } from "./types.ts";
import { startWebhook } from "./webhook.ts";
import type { RunningWebhook } from "./webhook.ts";
import { startSlack, type RunningSlack } from "./slack.ts";
import { startTeams, type RunningTeams } from "./teams.ts";

// Starts every application service of the world on one loopback address. With basePort 0
// each server takes a random free port; with basePort N the ports are fixed:
//   N+0..N+11 social platforms (in PLATFORMS order), N+12 search, N+13 feeds, N+14 LLM,
//   N+15 SMTP, N+16 SMTP message API, N+17 webhook receiver, N+18 Slack, N+19 Teams.

export interface StartServicesOptions {
  host?: string;
  basePort?: number;
}

export interface RunningServices {
  /** Settings a real deployment has, pointing at these services. */
  env: Record<string, string>;
  /** Every URL, including world-only ones (control APIs, SMTP message API). */
  urls: Record<string, string>;
  stop(): Promise<void>;
  webhookReceiver: WebhookReceiver;
  smtpSink: SmtpSink & { apiUrl: string };
  llm: RunningLlm;
  search: Listening;
  feeds: RunningFeeds;
  platforms: Record<Platform, RunningPlatform>;
  /** Slack incoming webhooks (`slack.createHook()` gives a user's URL). */
  slack: RunningSlack;
  /** Teams workflow webhooks (`teams.createWorkflow()` gives a user's URL). */
  teams: RunningTeams;
}

// Search results that name a world profile get that profile's real URL on this run.
function resolveSearch(sc: ServicesScenario, platforms: Record<Platform, RunningPlatform>) {
  return sc.search
    .map((r) => {
      if (!r.social) return r;
      const p = platforms[r.social.platform];
      return { ...r, url: p.url + p.def.profilePath(r.social.handle) };
    })
    .filter((r) => r.url !== "");
}

export async function startServices(
  services: ServicesScenario,
  opts: StartServicesOptions = {},
): Promise<RunningServices> {
  const sc = ServicesScenarioSchema.parse(services);
  const host = opts.host ?? "127.0.10.1";
  const base = opts.basePort ?? 0;
  const port = (offset: number) => (base === 0 ? 0 : base + offset);
  const closers: Array<() => Promise<void>> = [];
  const stop = async () => {
    await Promise.allSettled(closers.splice(0).map((c) => c()));
  };
  try {
    const platforms = {} as Record<Platform, RunningPlatform>;
    const env: Record<string, string> = {};
    const urls: Record<string, string> = {};
    await Promise.all(
      PLATFORMS.map(async (p, i) => {
        const running = await startPlatform(p, sc.social, host, port(i), {
          loginWall: sc.social_login_walls.includes(p),
        });
        closers.push(running.close);
        platforms[p] = running;
      }),
    );
    for (const p of PLATFORMS) {
      Object.assign(env, platforms[p].env);
      urls[`social_${p}`] = platforms[p].url;
    }
    const track = <T extends { close(): Promise<void> }>(x: T): T => {
      closers.push(() => x.close());
      return x;
    };
    const [search, feeds, llm, smtp, webhook, slack, teams]: [
      Listening,
      RunningFeeds,
      RunningLlm,
      RunningSmtp,
      RunningWebhook,
      RunningSlack,
      RunningTeams,
    ] = await Promise.all([
      startSearch(resolveSearch(sc, platforms), host, port(12)).then(track),
      startFeeds(sc.feeds, host, port(13)).then(track),
      startLlm(sc.llm, host, port(14)).then(track),
      startSmtp(host, port(15), port(16)).then(track),
      startWebhook(sc.webhook, host, port(17)).then(track),
      startSlack(host, port(18)).then(track),
      startTeams(host, port(19)).then(track),
    ]);
    Object.assign(env, {
      SEARCH_URL: search.url,
      FEED_URLHAUS_URL: feeds.urls.urlhaus,
      FEED_OPENPHISH_URL: feeds.urls.openphish,
      // As a registered user fetches it: with an application key, whose downloads PhishTank does not cap.
      FEED_PHISHTANK_URL: feeds.urls.phishtankWithKey,
      LLM_OPENAI_BASE_URL: llm.openaiBaseUrl,
      LLM_ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
      LLM_API_KEY: llm.apiKey,
      LLM_MODEL: sc.llm.model,
      SMTP_URL: smtp.url,
      WEBHOOK_RECEIVER_URL: `${webhook.url}/hooks/brandwarden`,
    });
    Object.assign(urls, {
      search: search.url,
      feeds: feeds.url,
      feeds_control: `${feeds.url}/__control/faults`,
      llm: llm.url,
      llm_control: `${llm.url}/__control`,
      smtp: smtp.url,
      smtp_messages: `${smtp.apiUrl}/messages`,
      webhook: webhook.url,
      webhook_requests: `${webhook.url}/__requests`,
      slack: slack.url,
      slack_control: `${slack.url}/__control`,
      teams: teams.url,
      teams_control: `${teams.url}/__control`,
    });
    return {
      env,
      urls,
      stop,
      webhookReceiver: webhook,
      smtpSink: smtp,
      llm,
      search,
      feeds,
      platforms,
      slack,
      teams,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
