// The CLI's settings from the environment: the one file of the CLI that reads process.env (main.ts
// has loaded .env into it before any command runs). The CLI's own variables are checked where they
// are used, with the flag they stand in for; the commands that run the web app or the worker hand
// them the whole environment, and their config loaders (loadWebConfig, loadWorkerConfig) validate it.

interface CliConfig {
  /** The environment the web app's and the worker's configs are loaded from. */
  env: NodeJS.ProcessEnv;
  /** NO_COLOR set and not empty (https://no-color.org): no colours unless `--color always`. */
  noColor: boolean;
  /** DNS_NAMESERVERS: `permute`'s name servers when `--nameservers` is not given. */
  dnsNameservers: string | undefined;
}

export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  return { env, noColor: Boolean(env.NO_COLOR), dnsNameservers: env.DNS_NAMESERVERS };
}
