import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ZAdminSettings,
  ZAdminSettingsPut,
  ZAdminUserCreate,
  ZAdminUserList,
  ZAdminUserOne,
  ZAdminUserPatch,
  type TAdminUser,
} from "@brandwarden/contract/browser/admin";
import { validate } from "@brandwarden/platform/http/validate";
import { idParam } from "../../lib/id-param.ts";
import { requireAdmin } from "../sessions/session.plugin.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { UsersService } from "../users/users.service.ts";
import type { UserRow } from "../../db/rows.ts";

const present = (u: UserRow): TAdminUser => ({
  id: u.id,
  email: u.email,
  admin: u.admin,
  trusted: u.trusted,
  brand_name: u.brand_name,
  created_at: u.created_at.toISOString(),
});

/** The admin area: user registry and platform settings (AI provider, audit configuration). */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { users: UsersService; settings: SettingsService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { schema: { response: { 200: ZAdminUserOne } } };
  const settings = { schema: { response: { 200: ZAdminSettings } } };

  r.get("/admin/users", { schema: { response: { 200: ZAdminUserList } } }, async (req) => {
    requireAdmin(req);
    return { users: (await deps.users.listUsers()).map(present) };
  });
  r.get("/admin/users/:id", one, async (req) => {
    requireAdmin(req);
    return { user: present(await deps.users.getUser(idParam(req.params, "User"))) };
  });
  const create = {
    schema: { response: { 201: ZAdminUserOne } },
    config: { docs: { body: ZAdminUserCreate } },
  };
  r.post("/admin/users", create, async (req, reply) => {
    requireAdmin(req);
    const b = validate(ZAdminUserCreate, req.body);
    return reply.status(201).send({ user: present(await deps.users.createUser(b)) });
  });
  r.patch("/admin/users/:id", { ...one, config: { docs: { body: ZAdminUserPatch } } }, async (req) => {
    const admin = requireAdmin(req);
    const id = idParam(req.params, "User");
    return { user: present(await deps.users.updateUser(admin.id, id, validate(ZAdminUserPatch, req.body))) };
  });
  r.delete("/admin/users/:id", async (req, reply) => {
    const admin = requireAdmin(req);
    await deps.users.deleteUser(admin.id, idParam(req.params, "User"));
    return reply.status(204).send();
  });

  const current = async () => ({
    ai_provider: await deps.settings.aiProviderForAdmin(),
    audit_config: await deps.settings.auditConfig(),
  });
  r.get("/admin/settings", settings, async (req) => {
    requireAdmin(req);
    return current();
  });
  r.put("/admin/settings", { ...settings, config: { docs: { body: ZAdminSettingsPut } } }, async (req) => {
    requireAdmin(req);
    const b = validate(ZAdminSettingsPut, req.body);
    if (b.ai_provider) await deps.settings.updateAiProvider(b.ai_provider);
    if (b.audit_config) await deps.settings.updateAuditConfig(b.audit_config);
    return current();
  });
}
