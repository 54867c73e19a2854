import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The web application serves dist/ at / (WEB_UI_DIR). In development, `npm run dev -w apps/web-ui`
// proxies the JSON routes to a running web application on port 3000.
const API = ["/session", "/registration", "/passwords", "/account", "/dashboard", "/scans", "/triage"];
const MORE = ["/takedowns", "/reports", "/media", "/admin"];
const target = process.env.BRANDWARDEN_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // No source maps in the production build: the web app would publish the UI's source (issue 17).
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  server: {
    proxy: Object.fromEntries(
      [...API, ...MORE].map((p) => [
        p,
        { target, bypass: (req) => (isPage(req.headers.accept) ? req.url : undefined) },
      ]),
    ),
  },
});

function isPage(accept: string | undefined): boolean {
  return (accept ?? "").includes("text/html");
}
