// WHOIS servers refuse a client that queries too fast with a line of text instead of a record (and
// close). Such an answer is no registration data: it is the server's rate limit, and is retried
// after a pause. The phrases are the servers' own, as other WHOIS clients recognise them:
// - DENIC, RIPE-database servers (RIPE, APNIC, AFRINIC): "access control limit reached"
//   (weppos/whois fixture whois.denic.de/response_throttled.txt; RIPE Database manual, "%ERROR:201");
// - CZ.NIC: "Your connection limit exceeded" (weppos/whois fixture whois.nic.cz);
// - Nominet: "The WHOIS query quota ... has been exceeded and will be replenished in N seconds"
//   (weppos/whois fixture whois.nic.uk);
// - EURid: "Still in grace period, wait N seconds", DNS-LU and EURid "Excessive querying, grace
//   period of", PIR "WHOIS LIMIT EXCEEDED", RIPN "exceeded allowed connection rate", SWITCH "You have
//   exceeded this limit", CentralNic "Query rate of N", .ms/.gs/.tl/.mg "lookup quota exceeded",
//   MYNIC "Query limitation is" (Net::Whois::Raw's %exceed table, regru/Net-Whois-Raw Data.pm).
// Samples: apps/worker/samples/whois-refusals/.

const REFUSALS: RegExp[] = [
  /access control limit reached/i,
  /your connection limit exceeded/i,
  /query quota .{0,80}has been exceeded/is,
  /still in grace period, wait/i,
  /excessive querying, grace period of/i,
  /whois limit exceeded/i,
  /exceeded allowed connection rate/i,
  /you have exceeded this limit/i,
  /^query rate of \d+/im,
  /look ?up quota exceeded/i,
  /^query limitation is/im,
];

/** How long the answer asks to wait, where it says ("replenished in 50 seconds"). */
const WAIT = /(?:replenished in|wait) (\d+) seconds/i;

/** Whether `text` is a rate-limit refusal, and the wait it names (ms; null when none). Pure. */
export function whoisRefusal(text: string): { retryAfterMs: number | null; line: string } | null {
  const hit = REFUSALS.find((re) => re.test(text));
  if (!hit) return null;
  const wait = WAIT.exec(text);
  const line =
    text
      .split("\n")
      .find((l) => hit.test(l))
      ?.trim() ?? hit.source;
  return { retryAfterMs: wait ? Number(wait[1]) * 1000 : null, line };
}
