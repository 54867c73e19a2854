/** The contract's scan-active marker: set on dispatch, renewed by every `scan_update`, gone at the end. */
export const ACTIVE_KEY_TTL_MS = 60 * 60 * 1000;
export const activeKey = (scanId: string) => `scan:active:${scanId}`;
