// What the start scripts load and a build makes: every compiled workspace's dist/ and the UI's
// built index. Shared by the postinstall (a production install has no build tools) and the
// production-install check.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The builds missing under `root` (paths relative to it), none when everything is built. */
export function missingBuilds(root) {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return workspaces
    .filter((ws) => existsSync(path.join(root, ws, "src")))
    .map((ws) => (ws === "apps/web-ui" ? `${ws}/dist/index.html` : `${ws}/dist`))
    .filter((built) => !existsSync(path.join(root, built)));
}
