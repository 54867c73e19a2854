import { AppError } from "@brandwarden/platform/http/app-error";
import { loadWebConfig } from "@brandwarden/web/config";
import { createWebAdapters } from "@brandwarden/web/adapters";
import { createWebContainer } from "@brandwarden/web/container";
import { readWebSecrets } from "@brandwarden/web/lib/secret-file";
import { loadCliConfig } from "../config.ts";
import { UsageError } from "../usage-error.ts";

export interface CreateUserFlags {
  email: string;
  password: string;
  admin: boolean;
}

export async function runUsersCreate(opts: CreateUserFlags): Promise<void> {
  const { env } = loadCliConfig();
  const config = loadWebConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? "warn" });
  const infra = await createWebAdapters(config);
  try {
    const { services } = createWebContainer(config, infra, await readWebSecrets(config));
    const user = await services.users.createUser(opts);
    console.log(user.id);
  } catch (err) {
    if (err instanceof AppError && (err.code === "invalid" || err.code === "conflict")) {
      const flag = /e-mail/i.test(err.message) ? "--email" : "--password";
      throw new UsageError(`${flag}: ${err.message}`);
    }
    throw err;
  } finally {
    await infra.close();
  }
}
