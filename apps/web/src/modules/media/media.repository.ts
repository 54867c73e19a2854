import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { domainFindings, socialFindings, users } from "../../db/schema.ts";

/** Where each served image is: a finding's screenshot or avatar (with its owner), a user's logo. */
export function createMediaRepository(db: Db) {
  return {
    async screenshot(findingId: string) {
      const [row] = await db
        .select({ user_id: domainFindings.user_id, key: domainFindings.screenshot_key })
        .from(domainFindings)
        .where(eq(domainFindings.id, findingId));
      return row ?? null;
    },
    async avatar(findingId: string) {
      const [row] = await db
        .select({ user_id: socialFindings.user_id, key: socialFindings.avatar_key })
        .from(socialFindings)
        .where(eq(socialFindings.id, findingId));
      return row ?? null;
    },
    async logo(userId: string) {
      const [row] = await db
        .select({ key: users.logo_key, content_type: users.logo_content_type })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
