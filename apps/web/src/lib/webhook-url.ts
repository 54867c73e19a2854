import { invalid } from "@brandwarden/platform/http/app-error";

/**
 * Webhooks carry every finding and both PDFs: they go over https only. Plain http is accepted
 * only where private networks are allowed (ALLOW_PRIVATE_NETWORK: the test world, a lab).
 * Checked when the profile is saved and again before each delivery (for URLs stored earlier).
 */
export function webhookUrlProblem(url: string, allowPrivateNetwork: boolean): string | null {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return "the webhook URL is not a URL";
  }
  if (protocol === "https:") return null;
  if (protocol === "http:" && allowPrivateNetwork) return null;
  return "the webhook URL must use https:// (reports would otherwise travel in clear)";
}

/** Throws a 422 `invalid` naming the field when the URL may not receive webhooks. */
export function assertWebhookUrl(
  url: string | null,
  allowPrivateNetwork: boolean,
  field = "webhook_url",
): void {
  const problem = url === null ? null : webhookUrlProblem(url, allowPrivateNetwork);
  if (problem)
    throw invalid(`Invalid request body: ${field}: ${problem}`, [{ path: field, message: problem }]);
}
