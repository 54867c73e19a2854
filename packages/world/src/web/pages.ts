import { businessName } from "../scenario/catalog.ts";
import { hashString } from "../scenario/prng.ts";
import type { DomainEntry } from "../scenario/schema.ts";

// The HTML each site kind serves. Kept close to what such pages look like in the wild so the
// scanner's content signals (login form, external form action, parking markers) are real tests.

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

// The brand's page with the form re-pointed at the collector and a pretext added.
export function phishingPage(brandHtml: string, formAction: string, domain: string): string {
  return brandHtml
    .replace(/<form([^>]*?)action="[^"]*"/, `<form$1action="${esc(formAction)}"`)
    .replace(
      /<main>/,
      `<main>\n<p class="notice">For your security, please verify your account to continue. Session: ${hashString(domain).toString(16)}</p>`,
    );
}

export function parkedPage(domain: string, provider: string): string {
  const words = domain.split(/[.-]/)[0] ?? domain;
  const links = ["Online Banking", "Credit Cards", "Personal Loans", `${words} Login`, "Mortgage Rates"];
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${esc(domain)} - This domain may be for sale!</title>
<script>window.park = "${hashString(domain).toString(36)}"; var provider = "${esc(provider)}";</script>
</head><body>
<div id="parking"><h1>${esc(domain)}</h1>
<p>This domain may be for sale. <a href="https://sedo.com/search/details/?domain=${esc(domain)}">Buy this domain</a></p>
<h2>Related Links</h2><ul>
${links.map((l) => `<li><a href="/search?q=${encodeURIComponent(l)}">${esc(l)}</a></li>`).join("\n")}
</ul>
<p class="disclaimer">Copyright &copy; ${esc(provider)}. The Sponsored Listings displayed above are served automatically by a third party. Neither the service provider nor the domain owner maintain any relationship with the advertisers.</p>
</div></body></html>
`;
}

export function unrelatedPage(entry: DomainEntry): string {
  const title = (!entry.owned && entry.site.title) || businessName(hashString(entry.domain) % 1000);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body><header><h1>${esc(title)}</h1><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav></header>
<main><p>Welcome to ${esc(title)}. We have served our neighbourhood since ${2000 + (hashString(entry.domain) % 20)}.</p>
<p>Opening hours: Monday to Friday, 9:00 to 17:00.</p></main>
<footer>${esc(title)} &middot; ${esc(entry.domain)}</footer></body></html>
`;
}

const REASONS: Record<number, string> = {
  403: "Forbidden",
  404: "Not Found",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

export function errorPage(status: number): string {
  const reason = REASONS[status] ?? "Error";
  return `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

// What a cPanel/WHM shared host serves for every URL of a suspended account: WHM's "Manage
// Account Suspension" rewrites the account's virtual host to /cgi-sys/suspendedpage.cgi, whose
// default template reads "This Account has been suspended." (cPanel documentation, "Manage
// Account Suspension"; https://docs.cpanel.net/whm/account-functions/manage-account-suspension/),
// served with status 200.
export function suspendedAccountPage(): string {
  return `<!DOCTYPE html>
<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>Account Suspended</title>
<style>body{font-family:Arial,Helvetica,sans-serif;text-align:center;color:#333}.box{margin:80px auto;max-width:600px}</style>
</head><body><div class="box"><h1>Account Suspended</h1>
<p>This Account has been suspended.</p>
<p>Contact your hosting provider for more information.</p></div></body></html>
`;
}

export function defaultHostPage(): string {
  return `<!doctype html><html><head><title>Site not found</title></head><body><h1>Site not found</h1>
<p>No website is configured at this address.</p></body></html>\n`;
}

// The parking service a parked domain's name servers belong to.
export function parkingProvider(ns: string[]): string {
  const joined = ns.join(" ");
  if (joined.includes("sedoparking")) return "Sedo";
  if (joined.includes("bodis")) return "Bodis";
  if (joined.includes("parkingcrew")) return "ParkingCrew";
  if (joined.includes("above.com")) return "Above.com";
  return "Domain Parking";
}
