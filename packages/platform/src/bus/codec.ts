/** Messages cross the bus as JSON, in memory too, so both adapters hand handlers the same values. */
export function encodeMessage(message: unknown): string {
  const text = JSON.stringify(message);
  if (text === undefined) throw new TypeError("bus message is not JSON-serialisable");
  return text;
}

export function decodeMessage(text: string): unknown {
  return JSON.parse(text);
}
