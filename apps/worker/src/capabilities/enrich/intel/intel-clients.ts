import type { HttpClient } from "../../../ports/http/http.port.ts";
import { errorCode, errorMessage } from "../../../lib/network-errors.ts";

// Optional threat-intelligence look-ups, each used only when its API key is configured. Without a
// key, or when the service fails, the result says `unavailable` and the scan goes on.

interface IntelConfig {
  key: string;
  baseUrl: string;
}

export interface IntelResult {
  source: "virustotal" | "urlscan" | "shodan" | "abuseipdb";
  status: "ok" | "unavailable";
  at: string;
  data?: Record<string, unknown>;
  error?: string;
}

export interface IntelSettings {
  virustotal: IntelConfig | null;
  urlscan: IntelConfig | null;
  shodan: IntelConfig | null;
  abuseipdb: IntelConfig | null;
}

type Json = Record<string, unknown>;
const join = (base: string, path: string) => new URL(path, base.endsWith("/") ? base : `${base}/`).toString();

async function getJson(http: HttpClient, url: string, headers: Record<string, string>): Promise<Json> {
  const res = await http.get(url, { headers: { accept: "application/json", ...headers } });
  if (res.status !== 200)
    throw Object.assign(new Error(`HTTP ${res.status}`), { code: `HTTP_${res.status}` });
  return JSON.parse(res.body.toString("utf8")) as Json;
}

const num = (v: unknown) => (typeof v === "number" ? v : null);

// Pure summaries of each service's answer: only what an analyst reads.
function summarizeVirusTotal(j: Json): Json {
  const stats = ((j.data as Json)?.attributes as Json)?.last_analysis_stats as Json | undefined;
  return {
    malicious: num(stats?.malicious),
    suspicious: num(stats?.suspicious),
    harmless: num(stats?.harmless),
  };
}
function summarizeUrlscan(j: Json): Json {
  const results = Array.isArray(j.results) ? (j.results as Json[]) : [];
  return { scans: num(j.total) ?? results.length, latest: (results[0]?.task as Json)?.time ?? null };
}
function summarizeShodan(j: Json): Json {
  return {
    ports: Array.isArray(j.ports) ? j.ports : [],
    org: j.org ?? null,
    vulns: Array.isArray(j.vulns) ? j.vulns.length : 0,
  };
}
function summarizeAbuseIpdb(j: Json): Json {
  const d = (j.data as Json) ?? {};
  return { abuse_confidence: num(d.abuseConfidenceScore), reports: num(d.totalReports) };
}

export async function lookupIntel(
  target: { domain: string; ip: string | null },
  settings: IntelSettings,
  http: HttpClient,
): Promise<IntelResult[]> {
  const run = async (
    source: IntelResult["source"],
    cfg: IntelConfig | null,
    fn: (c: IntelConfig) => Promise<Json>,
  ): Promise<IntelResult> => {
    const at = new Date().toISOString();
    if (!cfg) return { source, status: "unavailable", at, error: "not configured" };
    try {
      return { source, status: "ok", at, data: await fn(cfg) };
    } catch (err) {
      return { source, status: "unavailable", at, error: `${errorCode(err)}: ${errorMessage(err)}` };
    }
  };
  const { domain, ip } = target;
  const noIp = () => Promise.reject(Object.assign(new Error("no address"), { code: "ENOADDRESS" }));
  return Promise.all([
    run("virustotal", settings.virustotal, async (c) => summarizeVirusTotal(await getJson(http, join(c.baseUrl, `domains/${domain}`), { "x-apikey": c.key }))), // prettier-ignore
    run("urlscan", settings.urlscan, async (c) => summarizeUrlscan(await getJson(http, join(c.baseUrl, `search/?q=domain:${encodeURIComponent(domain)}`), { "api-key": c.key }))), // prettier-ignore
    run("shodan", settings.shodan, async (c) => (ip ? summarizeShodan(await getJson(http, join(c.baseUrl, `shodan/host/${ip}?key=${encodeURIComponent(c.key)}`), {})) : noIp())), // prettier-ignore
    run("abuseipdb", settings.abuseipdb, async (c) => (ip ? summarizeAbuseIpdb(await getJson(http, join(c.baseUrl, `check?ipAddress=${ip}&maxAgeInDays=90`), { key: c.key })) : noIp())), // prettier-ignore
  ]);
}
