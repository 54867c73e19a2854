import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Db } from "../../db/client.ts";
import { createMediaRepository } from "./media.repository.ts";
import { createMediaService } from "./media.service.ts";

/** Screenshots, avatars and brand logos, served from the blob store. */
export function createMediaModule(deps: { db: Db; blobs: BlobStore }) {
  return { media: createMediaService({ repo: createMediaRepository(deps.db), blobs: deps.blobs }) };
}
