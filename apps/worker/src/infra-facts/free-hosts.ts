/** Free subdomain hosts: names that needed no registration. */
import { nameParts } from "./name-parts.ts";

/**
 * Free subdomain hosts and dynamic-DNS providers where a phishing name needs no registration.
 * Most are in the public suffix list's private section (tldts reports them as private); this
 * list names the ones seen most in phishing (URLhaus / OpenPhish host statistics, and the
 * lookalike engine's free-host favourites), including providers that are not PSL suffixes.
 */
const FREE_HOST_SUFFIXES: readonly string[] = [
  "duckdns.org",
  "ddns.net",
  "hopto.org",
  "zapto.org",
  "sytes.net",
  "serveftp.com",
  "no-ip.org",
  "no-ip.biz",
  "dynu.net",
  "mooo.com",
  "freedns.org",
  "github.io",
  "gitlab.io",
  "blogspot.com",
  "herokuapp.com",
  "netlify.app",
  "vercel.app",
  "pages.dev",
  "workers.dev",
  "web.app",
  "firebaseapp.com",
  "azurewebsites.net",
  "glitch.me",
  "ngrok.io",
  "ngrok-free.app",
  "000webhostapp.com",
  "weebly.com",
  "wixsite.com",
  "square.site",
  "onrender.com",
  "fly.dev",
  "surge.sh",
  "repl.co",
  "webflow.io",
  "godaddysites.com",
  "mybluehost.me",
];

/**
 * How surely a name lives under a free hosting or dynamic-DNS provider: 1 for the providers
 * most used in phishing, 0.7 for any other private-section suffix of the public suffix list,
 * else 0.
 */
export function freeHostScore(domain: string): number {
  const p = nameParts(domain);
  if (FREE_HOST_SUFFIXES.some((s) => p.ascii.endsWith(`.${s}`))) return 1;
  return p.isPrivate && p.registrable !== null ? 0.7 : 0;
}
