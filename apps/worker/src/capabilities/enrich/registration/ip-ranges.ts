import net from "node:net";

// IPv4 and IPv6 addresses as numbers, for the RDAP bootstrap's prefixes (RFC 9224) and for
// networks given as a start and end address (RFC 9083 5.4).

export interface IpNumber {
  version: 4 | 6;
  value: bigint;
}

function ipv4(text: string): bigint | null {
  const p = text.split(".");
  if (p.length !== 4 || p.some((x) => !/^\d{1,3}$/.test(x) || Number(x) > 255)) return null;
  return p.reduce((n, x) => (n << 8n) | BigInt(Number(x)), 0n);
}

function ipv6(text: string): bigint | null {
  if (!net.isIPv6(text)) return null;
  let s = text.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const n = ipv4(v4[1]!)!;
    s = `${s.slice(0, -v4[1]!.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = s.includes("::") ? s.split("::") : [s, null];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === null ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]; // prettier-ignore
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

export function parseIp(text: string): IpNumber | null {
  const t = text.trim();
  const v4 = ipv4(t);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = ipv6(t);
  return v6 === null ? null : { version: 6, value: v6 };
}

const bits = (version: 4 | 6) => (version === 4 ? 32 : 128);

/** Whether `ip` lies in `prefix` ("2001:200::/23", "127.0.0.0/8"); the prefix length, or -1. */
export function prefixMatch(ip: IpNumber, prefix: string): number {
  const [base, lenText] = prefix.split("/");
  const net = parseIp(base ?? "");
  const len = Number(lenText);
  const size = bits(ip.version);
  if (!net || net.version !== ip.version || !Number.isInteger(len) || len < 0 || len > size) return -1;
  const shift = BigInt(size - len);
  return ip.value >> shift === net.value >> shift ? len : -1;
}

function format(ip: IpNumber, text: string): string {
  return ip.version === 4 ? text : text.toLowerCase();
}

/** "1.1.1.0/24" when start and end bound one prefix, else "start - end". */
export function rangeToCidr(start: string, end: string): string | null {
  const a = parseIp(start);
  const b = parseIp(end);
  if (!a || !b || a.version !== b.version || b.value < a.value) return null;
  const size = bits(a.version);
  const span = b.value - a.value + 1n;
  const len = size - (span.toString(2).length - 1);
  const aligned = (span & (span - 1n)) === 0n && a.value % span === 0n;
  return aligned ? `${format(a, start)}/${len}` : `${start} - ${end}`;
}
