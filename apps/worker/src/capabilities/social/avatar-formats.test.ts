import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { avatarHash } from "@brandwarden/platform/images/perceptual-hash";
import { pngBomb } from "@brandwarden/platform/images/image-bomb";
import { renderAvatar } from "@brandwarden/world/services/avatar";
import { matchProfile, type BrandReference, type CandidateProfile } from "./match.ts";
import { fetchImage } from "./own-profile.ts";
import type { SocialRuntime } from "./social-runtime.ts";
import { brandServices } from "../../../test/social-world.ts";

// Real profiles mostly carry JPEG or WebP avatars: they are fetched, bounded, kept as PNG and hashed
// like PNGs, so the avatar-similarity signal is filled; a bomb is skipped with the reason.

const official = brandServices().social.find((p) => p.kind === "official")!;
// data: URLs never touch the runtime's HTTP client (http(s) avatars are covered by the social stage tests).
const rt = {} as SocialRuntime;
const dataUri = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

const reference = (hash: string): BrandReference => ({
  cores: ["acmebank"],
  slugs: ["acmebank"],
  ownedDomains: ["acmebank.com"],
  lookalikeDomains: new Set(),
  bioVectors: [],
  avatarHashes: [hash],
  officialCreated: { byPlatform: {}, earliest: null },
  officialFollowers: null,
});
const candidate = (avatar_hash: string | null): CandidateProfile => ({
  platform: "x",
  handle: "acmebank_help",
  display_name: "Acme Bank",
  bio: null,
  followers: 10,
  verified: false,
  account_created: null,
  links: [],
  avatar_hash,
  bio_vector: null,
});

describe("avatars in any format", () => {
  it("JPEG, WebP and GIF copies of the brand's avatar get hashes and fill avatar similarity", async () => {
    const png = renderAvatar(official.avatar, "brand");
    const brandHash = (await avatarHash(png))!;
    for (const [type, bytes] of [
      ["image/jpeg", await sharp(png).jpeg({ quality: 70 }).toBuffer()],
      ["image/webp", await sharp(png).webp().toBuffer()],
      ["image/gif", await sharp(png).gif().toBuffer()],
    ] as const) {
      const fetched = await fetchImage(rt, dataUri(type, bytes));
      expect(fetched?.subarray(1, 4).toString(), type).toBe("PNG");
      const hash = await avatarHash(fetched!);
      expect(hash, type).toMatch(/^dh:[0-9a-f]{16}\.ah:[0-9a-f]{16}$/);
      const match = matchProfile(candidate(hash), reference(brandHash), new Date());
      expect(match.values.avatar_similarity, type).toBeGreaterThan(0.5);
    }
  });

  it("skips a decompression-bomb avatar and says why", async () => {
    const reasons: string[] = [];
    const out = await fetchImage(rt, dataUri("image/png", pngBomb(8000, 8000)), undefined, (r) => reasons.push(r)); // prettier-ignore
    expect(out).toBeNull();
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain("8000×8000");
  });
});
