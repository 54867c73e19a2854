import { ZCreateApiToken } from "@brandwarden/contract/browser/api-tokens";
import { loadWebConfig } from "@brandwarden/web/config";
import { createWebAdapters } from "@brandwarden/web/adapters";
import { createWebContainer } from "@brandwarden/web/container";
import { readWebSecrets } from "@brandwarden/web/lib/secret-file";
import { loadCliConfig } from "../config.ts";
import { UsageError } from "../usage-error.ts";

export interface CreateTokenFlags {
  email: string;
  name: string;
}

/** `brandwarden tokens create`: a personal API token for an existing user; prints only the token. */
export async function runTokensCreate(opts: CreateTokenFlags): Promise<void> {
  const name = ZCreateApiToken.safeParse({ name: opts.name });
  if (!name.success) throw new UsageError(`--name: ${name.error.issues[0]?.message ?? "invalid"}`);
  const { env } = loadCliConfig();
  const config = loadWebConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? "warn" });
  const infra = await createWebAdapters(config);
  try {
    const { services } = createWebContainer(config, infra, await readWebSecrets(config));
    const user = await services.users.findByEmail(opts.email.trim().toLowerCase());
    if (!user) throw new UsageError(`--email: no user with the e-mail address ${opts.email}`);
    const created = await services.apiTokens.create(user.id, name.data.name);
    console.log(created.token);
  } finally {
    await infra.close();
  }
}
