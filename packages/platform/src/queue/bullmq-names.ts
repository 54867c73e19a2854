/**
 * BullMQ refuses ':' in queue names and custom job ids, and integer-looking custom ids. Our names
 * and ids are free-form (e.g. "scan:start", "scan:42"), so they are encoded reversibly.
 */
export function encodeQueueName(name: string): string {
  return escapeColons(name);
}

export function encodeJobId(id: string): string {
  return "j-" + escapeColons(id);
}

/** The id a handler sees: the caller's jobId when one was given, BullMQ's own otherwise. */
export function decodeJobId(id: string): string {
  return id.startsWith("j-") ? id.slice(2).replace(/%3A/g, ":").replace(/%25/g, "%") : id;
}

function escapeColons(s: string): string {
  return s.replace(/%/g, "%25").replace(/:/g, "%3A");
}
