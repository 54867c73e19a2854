import { domainToASCII } from "node:url";

/**
 * One line of a list of names (a newly-registered-domains list, a `.txt` zone extract): the name
 * in its ASCII (A-label) form, lowercased, without a trailing dot; null for a blank line or a `#`
 * comment. Lists give Unicode names as they were registered (`網頁下載.top`), zones give A-labels:
 * both come out the same. A line that is no domain name throws `NameLineError` (the caller counts it).
 */
class NameLineError extends Error {}

const ASCII_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/;

export function nameOfListLine(line: string): string | null {
  const hash = line.indexOf("#");
  const text = (hash >= 0 ? line.slice(0, hash) : line).trim();
  if (!text) return null;
  const token = text.split(/[\s,]+/)[0]!.replace(/\.$/, "");
  const ascii = /^[\x21-\x7e]+$/.test(token) ? token.toLowerCase() : domainToASCII(token);
  if (!ascii || !ASCII_NAME.test(ascii)) throw new NameLineError(`not a domain name: ${token.slice(0, 80)}`);
  return ascii;
}
