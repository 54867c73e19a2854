import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { domainFindings } from "../../db/schema.ts";

/** The domain finding a takedown is drafted for: its owner, scan and name. */
export function createTakedownsRepository(db: Db) {
  return {
    async finding(findingId: string) {
      const [row] = await db
        .select({
          id: domainFindings.id,
          user_id: domainFindings.user_id,
          scan_id: domainFindings.scan_id,
          domain: domainFindings.domain,
        })
        .from(domainFindings)
        .where(eq(domainFindings.id, findingId));
      return row ?? null;
    },
  };
}

export type TakedownsRepository = ReturnType<typeof createTakedownsRepository>;
