import type { FastifyInstance } from "fastify";
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ZAiProviderSettingPut, ZAuditConfigPut } from "@brandwarden/contract/settings";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import { validate } from "@brandwarden/platform/http/validate";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { idParam } from "../../lib/id-param.ts";
import { requireAdmin } from "../sessions/session.plugin.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { normaliseEmail } from "../users/users.service.ts";

const ZCreate = z.object({
  email: z.string().max(254),
  password: z.string().max(200),
  admin: z.boolean().default(false),
});
const ZPatch = z.object({ email: z.string().max(254).optional(), admin: z.boolean().optional() });
const ZSettingsPut = z.object({
  ai_provider: ZAiProviderSettingPut.optional(),
  audit_config: ZAuditConfigPut.optional(),
});

const present = (u: typeof users.$inferSelect) => ({
  id: u.id,
  email: u.email,
  admin: u.admin,
  brand_name: u.brand_name,
  created_at: u.created_at.toISOString(),
});

/** The admin area: user registry and platform settings (AI provider, audit configuration). */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { db: Db; users: UsersService; settings: SettingsService },
): void {
  app.get("/admin/users", async (req) => {
    requireAdmin(req);
    return { users: (await deps.db.select().from(users).orderBy(desc(users.created_at))).map(present) };
  });
  app.post("/admin/users", async (req, reply) => {
    requireAdmin(req);
    const b = validate(ZCreate, req.body);
    return reply.status(201).send({ user: present(await deps.users.createUser(b)) });
  });
  app.patch("/admin/users/:id", async (req) => {
    const admin = requireAdmin(req);
    const id = idParam(req.params, "User");
    const b = validate(ZPatch, req.body);
    if (id === admin.id && b.admin === false)
      throw new AppError("invalid", "You cannot remove your own admin flag");
    const set: Partial<typeof users.$inferInsert> = {};
    if (b.email !== undefined) set.email = normaliseEmail(b.email);
    if (b.admin !== undefined) set.admin = b.admin;
    try {
      const [row] = await deps.db
        .update(users)
        .set({ ...set, updated_at: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw notFound("User");
      return { user: present(row) };
    } catch (err) {
      if (
        (err as { code?: string; cause?: { code?: string } }).code === "23505" ||
        (err as { cause?: { code?: string } }).cause?.code === "23505"
      ) {
        throw new AppError("conflict", "Another user has that e-mail address");
      }
      throw err;
    }
  });
  app.delete("/admin/users/:id", async (req, reply) => {
    const admin = requireAdmin(req);
    const id = idParam(req.params, "User");
    if (id === admin.id) throw new AppError("invalid", "You cannot delete your own account here");
    const [row] = await deps.db.delete(users).where(eq(users.id, id)).returning();
    if (!row) throw notFound("User");
    return reply.status(204).send();
  });

  app.get("/admin/settings", async (req) => {
    requireAdmin(req);
    return {
      ai_provider: await deps.settings.aiProviderForAdmin(),
      audit_config: await deps.settings.auditConfig(),
    };
  });
  app.put("/admin/settings", async (req) => {
    requireAdmin(req);
    const b = validate(ZSettingsPut, req.body);
    if (b.ai_provider) await deps.settings.updateAiProvider(b.ai_provider);
    if (b.audit_config) await deps.settings.updateAuditConfig(b.audit_config);
    return {
      ai_provider: await deps.settings.aiProviderForAdmin(),
      audit_config: await deps.settings.auditConfig(),
    };
  });
}
