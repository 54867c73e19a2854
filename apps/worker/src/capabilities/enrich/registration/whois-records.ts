// Port-43 WHOIS text (RFC 3912 fixes no format) read into labelled values. The layouts are those
// of the registries in apps/worker/samples/whois/:
//   "Label: value"                      ICANN gTLD format, Afilias/CentralNic, CNNIC, DENIC, AFNIC
//   "label.........: value"             .fi, .sk, .hu
//   "[Label]   value", "a. [Label] v"   JPRS (.jp)
//   "Label\tvalue"                      .ie, .hk
//   "Label:" then indented lines        Nominet (.uk), SIDN (.nl), EURid (.eu), TWNIC (.tw)
//   "Label" then indented "key: value"  .it ("Registrar" / "  Organization: ...")
//   "** Registrar:" then "Label\t: v"   .tr
//   "Record created on 2000-08-29"      TWNIC, .gg ("Registered on 30th April 2003")
// Dropped: old Verisign thin answers' other matches ("Server Name: GOOGLE.COM.AR"...), IANA's
// referral record before the registry's answer, and the `whois` program's banners.

export interface WhoisEntry {
  /** Lower-case label, spaces and underscores collapsed ("creation date", "paid-till"). */
  key: string;
  value: string;
  /** The header the entry stands under ("registrar", "relevant dates"), or "". */
  section: string;
  /** Which blank-line-separated block of the answer the entry is in. */
  block: number;
}

const COMMENT = /^\s*(%|#|>>>|--|\*)/;
const KEY_VALUE = /^\s*([A-Za-z\u00C0-\u024F][^:\t[\]]{0,60}?)[\s.]*:(?!\/\/)[\s.]*(.*?)\s*$/;
const BRACKET = /^\s*(?:[a-z]\.\s*)?\[([^\]]{1,60})\]\s*(.*?)\s*$/;
const TAB = /^\s*([A-Za-z][A-Za-z ]{1,60}?)\t+\s*(.+?)\s*$/;
const SENTENCE =
  /^\s*((?:record )?(?:created|expires|will expire|last updated)|registered) on:?\s+(.*?)\s*$/i;
// The `whois` program's "[Querying whois.nic.xyz]", "[whois.nic.xyz]" before each answer.
const SERVER_BANNER = /^\s*\[(?:querying |redirected to )?[\w-]+(\.[\w-]+)+\]\s*$/i;
const BARE_HEADER = /^([A-Za-z][A-Za-z /-]{1,40})$/;

const normKey = (k: string) =>
  k
    .trim()
    .replace(/[\s_]+/g, " ")
    .toLowerCase();
const indentOf = (line: string) => /^\s*/.exec(line.replace(/\t/g, "    "))![0].length;
const labelled = (line: string) =>
  SENTENCE.exec(line) ?? BRACKET.exec(line) ?? KEY_VALUE.exec(line) ?? TAB.exec(line);

function withoutOtherMatches(all: string[]): string[] {
  // IANA's referral record about the TLD ("source: IANA"), when the answer starts with it.
  const iana = all.findIndex((l) => /^source:\s+IANA\s*$/i.test(l));
  const lines = iana >= 0 && all.slice(iana + 1).some((l) => l.trim()) ? all.slice(iana + 1) : all;
  const out: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (/^\s*Server Name:/i.test(line)) skipping = true;
    else if (!line.trim()) skipping = false;
    if (!skipping) out.push(line);
  }
  return out;
}

interface Header {
  key: string;
  indent: number;
  /** Lines at the header's own indent belong to it (a block's first line, or a bare title). */
  sameIndent: boolean;
  valuesOnly?: boolean;
  used: boolean;
}

export function whoisEntries(text: string): WhoisEntry[] {
  const lines = withoutOtherMatches(text.replace(/\r\n?/g, "\n").split("\n"));
  const out: WhoisEntry[] = [];
  let header: Header | null = null;
  let last: { entry: WhoisEntry; indent: number } | null = null;
  let block = 0;
  let blockStart = true;
  for (let line of lines) {
    if (!line.trim()) {
      // After a blank, a header still takes values (HKIRC's name servers) but no more labelled
      // lines at its own indent (SIDN's empty "Abuse Contact:" before "Creation Date:").
      if (header?.used || !header) header = null;
      else header.valuesOnly = true;
      if (!blockStart) block++;
      blockStart = true;
      last = null;
      continue;
    }
    // .tr marks its headers "** Registrar:"; they start a block.
    const star = /^\*\*\s+(?=\S.*:)/.exec(line);
    if (star) line = line.slice(star[0].length);
    if (COMMENT.test(line) || SERVER_BANNER.test(line)) continue;
    const startsBlock = blockStart || !!star;
    blockStart = false;
    const indent = indentOf(line);
    const m = labelled(line);
    if (header && (indent > header.indent || (header.sameIndent && !(header.valuesOnly && m)))) {
      header.used = true;
      if (m) out.push({ key: normKey(m[1]!), value: m[2]!, section: header.key, block });
      else out.push({ key: header.key, value: line.trim(), section: "", block });
      continue;
    }
    if (last && indent > last.indent && !m) {
      // A value continued on the lines under it (.pl "nameservers:").
      out.push({ ...last.entry, value: line.trim() });
      continue;
    }
    header = null;
    last = null;
    if (m) {
      const key = normKey(m[1]!);
      if (m[2]) {
        const entry = { key, value: m[2], section: "", block };
        out.push(entry);
        last = { entry, indent };
      } else header = { key, indent, sameIndent: startsBlock, used: false };
    } else if (startsBlock && indent === 0 && BARE_HEADER.test(line.trim())) {
      header = { key: normKey(line), indent, sameIndent: true, used: false };
    }
  }
  return out;
}
