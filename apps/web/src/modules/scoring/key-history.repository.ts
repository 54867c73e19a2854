import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

const arr = (col: string) =>
  sql.raw(`case when jsonb_typeof(${col}) = 'array' then ${col} else '[]'::jsonb end`);

/**
 * How many distinct domains held each campaign key in findings created since `since`, every
 * user's scans included, leaving out `exclude` (the asking scan's own domains). Keys are
 * rebuilt from the stored evidence exactly as the worker builds them (campaigns/keys.ts):
 * `ip:`, `ns:` (sorted, joined), `mx:`, `cert:`, `page:`, `favicon:`.
 */
export function createKeyHistoryRepository(db: Db) {
  return {
    async distinctDomainsPerKey(
      keys: readonly string[],
      exclude: readonly string[],
      since: Date,
    ): Promise<Map<string, number>> {
      if (!keys.length) return new Map();
      const rows = await db.execute<{ key: string; n: number }>(sql`
        with wanted as (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as key),
        excluded as (select jsonb_array_elements_text(${JSON.stringify(exclude)}::jsonb) as domain),
        recent as (
          select domain, dns_a, dns_aaaa, dns_ns, dns_mx, tls_fingerprint, html_hash, favicon_hash
          from domain_findings
          where created_at >= ${since.toISOString()}::timestamptz
            and domain not in (select domain from excluded)
        ),
        held as (
          select 'ip:' || lower(trim(trailing '.' from trim(e))) as key, domain
            from recent, jsonb_array_elements_text(${arr("dns_a")} || ${arr("dns_aaaa")}) e
          union all
          select 'cert:' || lower(trim(trailing '.' from trim(tls_fingerprint))), domain
            from recent where tls_fingerprint is not null
          union all
          select 'page:' || html_hash, domain from recent where html_hash is not null
          union all
          select 'favicon:' || favicon_hash, domain from recent where favicon_hash is not null
          union all
          select 'ns:' || (
              select string_agg(v, ',' order by v collate "C")
              from (select distinct lower(trim(trailing '.' from trim(x))) as v
                    from jsonb_array_elements_text(${arr("dns_ns")}) x) t
            ), domain
            from recent where jsonb_typeof(dns_ns) = 'array' and jsonb_array_length(dns_ns) > 0
          union all
          select 'mx:' || lower(trim(trailing '.' from regexp_replace(trim(m), '^.*\\s', ''))), domain
            from recent, jsonb_array_elements_text(${arr("dns_mx")}) m
        )
        select key, count(distinct domain)::int as n
        from held where key in (select key from wanted)
        group by key`);
      const list = Array.isArray(rows) ? rows : (rows as { rows: Array<{ key: string; n: number }> }).rows;
      return new Map(list.map((r) => [r.key, Number(r.n)]));
    },
  };
}

export type KeyHistoryRepository = ReturnType<typeof createKeyHistoryRepository>;
