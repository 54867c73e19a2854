import type { Command } from "commander";
import { AppError } from "@brandwarden/platform/http/app-error";
import { loadWebConfig } from "@brandwarden/web/config";
import { createWebInfrastructure } from "@brandwarden/web/infrastructure";
import { createWebContainer } from "@brandwarden/web/container";
import { readOrCreateSecret } from "@brandwarden/web/lib/secret-file";
import { UsageError } from "../usage-error.ts";

export function registerUsersCommand(program: Command): void {
  const users = program.command("users").description("Manage user accounts");
  users
    .command("create")
    .description("Create a user and print its id")
    .requiredOption("--email <email>", "the user's e-mail address")
    .requiredOption("--password <password>", "the user's password (10 to 200 characters)")
    .option("--admin", "give the user the admin flag", false)
    .action(async (opts: { email: string; password: string; admin: boolean }) => {
      const config = loadWebConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
      const infra = await createWebInfrastructure(config);
      try {
        const sessionSecret =
          config.sessionSecret ?? (await readOrCreateSecret(config.dataDir, "session-secret"));
        const { services } = createWebContainer(config, infra, { sessionSecret });
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
    });
}
