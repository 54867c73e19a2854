import type { FastifyInstance } from "fastify";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import { invalid, notFound } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { idParam } from "../../lib/id-param.ts";
import { requireUser } from "../sessions/session.plugin.ts";
import { ZAccountUpdate } from "./account.schemas.ts";
import type { AccountService } from "./account.service.ts";
import { acceptLogo, LOGO_MAX_BYTES } from "./logo.ts";

const ZFor = z.object({ user_id: z.uuid().optional() });

/** The brand profile: read, save (enrichment and keyword jobs follow), logo upload. Admins may act for anyone. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { db: Db; account: AccountService; blobs: BlobStore },
): void {
  const target = (req: { query: unknown; user: unknown }) => {
    const user = requireUser(req as never);
    const forId = validate(ZFor, req.query, "query").user_id;
    if (forId && forId !== user.id && !user.admin) throw notFound("User");
    return forId ?? user.id;
  };

  app.get("/account", async (req) => deps.account.profile(target(req)));
  app.put("/account", async (req) =>
    deps.account.updateProfile(target(req), validate(ZAccountUpdate, req.body)),
  );
  app.post("/account/domains/:id/reenrich", async (req) =>
    deps.account.reenrichDomain(target(req), idParam(req.params, "Owned domain")),
  );

  app.post("/account/logo", async (req) => {
    const userId = target(req);
    const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1 } });
    if (!file) throw invalid("Choose a logo file to upload");
    const bytes = await file.toBuffer().catch(() => {
      throw invalid("The logo must be at most 1 MiB");
    });
    const logo = acceptLogo(bytes);
    const key = await deps.blobs.put(logo.data);
    const [row] = await deps.db
      .update(users)
      .set({ logo_key: key, logo_content_type: logo.contentType, updated_at: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw notFound("User");
    return { logo_url: `/media/logos/${userId}`, content_type: logo.contentType };
  });
}
