import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { derivedKeywords, ownedDomains, users } from "../../db/schema.ts";

/** Every user's brand fields and owned domains, for the worker's continuous monitors. */
export function createMonitoredBrandsRepository(db: Db) {
  return {
    users() {
      return db
        .select({
          id: users.id,
          brand_name: users.brand_name,
          brand_names: users.brand_names,
          keywords: users.keywords,
          keyword_generation: users.keyword_generation,
          derived_keywords: derivedKeywords.keywords,
          derived_generation: derivedKeywords.generation,
        })
        .from(users)
        .leftJoin(derivedKeywords, eq(derivedKeywords.user_id, users.id))
        .orderBy(asc(users.created_at));
    },
    ownedDomains() {
      return db
        .select({
          user_id: ownedDomains.user_id,
          domain: ownedDomains.domain,
          enrichment_status: ownedDomains.enrichment_status,
          profile: ownedDomains.profile,
        })
        .from(ownedDomains)
        .orderBy(asc(ownedDomains.domain));
    },
  };
}

export type MonitoredBrandsRepository = ReturnType<typeof createMonitoredBrandsRepository>;
