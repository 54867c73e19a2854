import type { BlobStore } from "@brandwarden/platform/blob/blob";
import { notFound } from "@brandwarden/platform/http/app-error";
import { ownedBy, type Principal } from "../sessions/actor.ts";
import type { MediaRepository } from "./media.repository.ts";

export interface Image {
  bytes: Buffer;
  contentType: string;
}

/**
 * Screenshots and avatars to their owner only (contract 5.5), or to an admin acting for the
 * owner explicitly; brand logos to anyone (reports embed them). A missing image is 404.
 */
export function createMediaService(deps: { repo: MediaRepository; blobs: BlobStore }) {
  const image = async (key: string | null, contentType: string): Promise<Image> => {
    const bytes = key ? await deps.blobs.get(key) : null;
    if (!bytes) throw notFound("Image");
    return { bytes, contentType };
  };
  return {
    async screenshot(p: Principal, findingId: string): Promise<Image> {
      const row = ownedBy(p, await deps.repo.screenshot(findingId), "Screenshot");
      return image(row.key, "image/png");
    },
    async avatar(p: Principal, findingId: string): Promise<Image> {
      const row = ownedBy(p, await deps.repo.avatar(findingId), "Avatar");
      return image(row.key, "image/png");
    },
    async logo(userId: string): Promise<Image> {
      const row = await deps.repo.logo(userId);
      if (!row?.key) throw notFound("Logo");
      return image(row.key, row.content_type ?? "image/png");
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
