import type { FastifyInstance, FastifyReply } from "fastify";
import { idParam } from "../../lib/id-param.ts";
import type { ActFor } from "../sessions/actor.ts";
import type { Image, MediaService } from "./media.service.ts";

/**
 * Images, not JSON: `GET /media/screenshots/:id` and `/media/avatars/:id` (PNG) to their owner
 * only, or to an admin acting for the owner (`?user_id=`, recorded); `GET /media/logos/:user_id`
 * to anyone (reports embed them).
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  deps: { media: MediaService; actFor: ActFor },
): void {
  const send = (reply: FastifyReply, image: Image) =>
    reply
      .header("content-type", image.contentType)
      .header("cache-control", "private, max-age=3600")
      .header("x-content-type-options", "nosniff")
      .send(image.bytes);

  app.get("/media/screenshots/:id", async (req, reply) =>
    send(reply, await deps.media.screenshot(await deps.actFor(req), idParam(req.params, "Screenshot"))),
  );
  app.get("/media/avatars/:id", async (req, reply) =>
    send(reply, await deps.media.avatar(await deps.actFor(req), idParam(req.params, "Avatar"))),
  );
  app.get("/media/logos/:id", async (req, reply) => {
    const logo = await deps.media.logo(idParam(req.params, "Logo"));
    // SVG logos are sanitised on upload and served with a restrictive CSP all the same.
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
    return send(reply, logo);
  });
}
