export interface ConfigIssue {
  variable: string;
  message: string;
}

/** A bad environment: names every offending variable so the operator can fix them all at once. */
export class ConfigError extends Error {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: ConfigIssue[]) {
    super(`Invalid configuration: ${issues.map((i) => `${i.variable}: ${i.message}`).join("; ")}`);
    this.name = "ConfigError";
    this.issues = issues;
  }
}
