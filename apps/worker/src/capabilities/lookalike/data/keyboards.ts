/**
 * Keyboard layouts as rows of keys (number row first), `_` for keys that cannot appear in a domain
 * label. Rows are staggered like a physical keyboard; neighbours are computed in `keyboards.ts`.
 * qwerty, qwertz and azerty give exactly dnstwist's adjacency maps; the others add coverage.
 */
export const KEYBOARD_LAYOUTS: Readonly<Record<string, readonly string[]>> = {
  qwerty: ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"],
  qwertz: ["1234567890", "qwertzuiop", "asdfghjkl", "yxcvbnm"],
  azerty: ["1234567890", "azertyuiop", "qsdfghjklm", "wxcvbn"],
  dvorak: ["1234567890", "___pyfgcrl", "aoeuidhtns", "_qjkxbmwvz"],
  colemak: ["1234567890", "qwfpgjluy_", "arstdhneio", "zxcvbkm"],
};
