import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Personal API tokens: only the SHA-256 of the token is kept (the token is 256 random bits, so a
 * fast hash is enough); `prefix` is its first characters, shown so a user can tell tokens apart.
 * A token acts as its user; deleting the row revokes it.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    token_hash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    created_at: ts("created_at").notNull().defaultNow(),
    last_used_at: ts("last_used_at"),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.token_hash), index("api_tokens_user_idx").on(t.user_id)],
);

/**
 * Every version of every STIX object a user's threat-intel collection has held (TAXII 2.1's
 * `versions`, `manifest` and `added_after` read it): a new row when an object's content changes
 * (its `modified` moves on), a revoked version when its lookalike leaves the collection.
 */
export const intelObjects = pgTable(
  "intel_objects",
  {
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    collection: text("collection").notNull(),
    object_id: text("object_id").notNull(),
    /** The object's `modified` (its version), kept to the millisecond as STIX timestamps are. */
    modified: ts("modified").notNull(),
    date_added: ts("date_added").notNull(),
    type: text("type").notNull(),
    /** SHA-256 of the object without its `modified`: unchanged content adds no version. */
    content_hash: text("content_hash").notNull(),
    object: jsonb("object").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.collection, t.object_id, t.modified] }),
    index("intel_objects_added_idx").on(t.user_id, t.collection, t.date_added),
  ],
);
