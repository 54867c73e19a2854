import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { notFound } from "@brandwarden/platform/http/app-error";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Db } from "../../db/client.ts";
import { domainFindings, socialFindings, users } from "../../db/schema.ts";
import { idParam } from "../../lib/id-param.ts";
import { requireUser } from "../sessions/session.plugin.ts";

/** Screenshots and avatars as PNG to their owner (or an admin); brand logos to anyone (reports embed them). */
export function registerMediaRoutes(app: FastifyInstance, deps: { db: Db; blobs: BlobStore }): void {
  const sendPng = async (
    reply: { header: (k: string, v: string) => unknown; send: (b: Buffer) => unknown },
    key: string | null,
    type = "image/png",
  ) => {
    const bytes = key ? await deps.blobs.get(key) : null;
    if (!bytes) throw notFound("Image");
    reply.header("content-type", type);
    reply.header("cache-control", "private, max-age=3600");
    reply.header("x-content-type-options", "nosniff");
    return reply.send(bytes);
  };

  app.get("/media/screenshots/:id", async (req, reply) => {
    const user = requireUser(req);
    const [f] = await deps.db
      .select()
      .from(domainFindings)
      .where(eq(domainFindings.id, idParam(req.params, "Screenshot")));
    if (!f || (f.user_id !== user.id && !user.admin)) throw notFound("Screenshot");
    return sendPng(reply, f.screenshot_key);
  });
  app.get("/media/avatars/:id", async (req, reply) => {
    const user = requireUser(req);
    const [f] = await deps.db
      .select()
      .from(socialFindings)
      .where(eq(socialFindings.id, idParam(req.params, "Avatar")));
    if (!f || (f.user_id !== user.id && !user.admin)) throw notFound("Avatar");
    return sendPng(reply, f.avatar_key);
  });
  app.get("/media/logos/:id", async (req, reply) => {
    const [u] = await deps.db
      .select()
      .from(users)
      .where(eq(users.id, idParam(req.params, "Logo")));
    if (!u?.logo_key) throw notFound("Logo");
    // SVG logos are sanitised on upload and served with a restrictive CSP all the same.
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
    return sendPng(reply, u.logo_key, u.logo_content_type ?? "image/png");
  });
}
