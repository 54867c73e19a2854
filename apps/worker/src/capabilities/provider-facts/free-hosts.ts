/** Free subdomain hosts: names that needed no registration. */
import { nameParts } from "./name-parts.ts";

/**
 * Free hosting and dynamic-DNS suffixes most used for phishing (all in the public suffix list's
 * private section); the lookalike engine also tries `brand-com.<host>` on these, in this order.
 */
export const FREE_HOST_FAVOURITES: readonly string[] = [
  "duckdns.org",
  "github.io",
  "blogspot.com",
  "herokuapp.com",
  "netlify.app",
  "vercel.app",
  "pages.dev",
  "workers.dev",
  "web.app",
  "firebaseapp.com",
  "azurewebsites.net",
  "ngrok.io",
  "ddns.net",
  "hopto.org",
  "zapto.org",
  "onrender.com",
  "fly.dev",
  "no-ip.org",
  "trycloudflare.com",
  "ngrok-free.app",
  "r2.dev",
  "wixsite.com",
  "replit.app",
  "webflow.io",
  "gitlab.io",
];

/**
 * Free subdomain hosts and dynamic-DNS providers where a phishing name needs no registration.
 * Most are in the public suffix list's private section (tldts reports them as private); this
 * list names the ones seen most in phishing (URLhaus / OpenPhish host statistics, and the
 * lookalike engine's free-host favourites), including providers that are not PSL suffixes.
 */
const FREE_HOST_SUFFIXES: readonly string[] = [
  ...FREE_HOST_FAVOURITES,
  "sytes.net",
  "serveftp.com",
  "no-ip.biz",
  "dynu.net",
  "mooo.com",
  "freedns.org",
  "glitch.me",
  "000webhostapp.com",
  "weebly.com",
  "square.site",
  "surge.sh",
  "repl.co",
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
