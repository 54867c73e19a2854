import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";

// Issue 17: every response of the web app (UI page, static file, JSON, errors) carries the
// security headers, and the UI's source maps are not public.

/** A built UI as Vite leaves it: index.html, a hashed script and its source map. */
function fakeUiDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "bw-ui-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>',
  );
  writeFileSync(
    path.join(dir, "assets", "index-abc.js"),
    "console.log('ui');\n//# sourceMappingURL=index-abc.js.map",
  );
  writeFileSync(path.join(dir, "assets", "index-abc.js.map"), '{"version":3,"sources":["src/App.tsx"]}');
  return dir;
}

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-inline");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(String(headers["strict-transport-security"])).toMatch(/max-age=\d+/);
}

for (const { variant, status } of await dbVariants()) {
  describe(`security headers on ${variant}`, () => {
    let t: TestWeb;
    let uiDir: string;
    beforeAll(async () => {
      status?.assertAvailable();
      uiDir = fakeUiDir();
      t = await startTestWeb(variant, { WEB_UI_DIR: uiDir });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(uiDir, { recursive: true, force: true });
    });

    it("sends them on the UI page, a client route, a static asset, a JSON route and an error", async () => {
      const page = await t.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      const responses = [
        page,
        await t.app.inject({ method: "GET", url: "/dashboard", headers: { accept: "text/html" } }),
        await t.app.inject({ method: "GET", url: "/assets/index-abc.js" }),
        await t.app.inject({ method: "GET", url: "/session" }),
        await t.app.inject({ method: "GET", url: "/account" }),
        await t.app.inject({ method: "GET", url: "/no/such/route" }),
      ];
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 401, 404]);
      for (const res of responses) expectSecurityHeaders(res.headers);
    });

    it("does not serve source maps", async () => {
      const map = await t.app.inject({ method: "GET", url: "/assets/index-abc.js.map" });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain("src/App.tsx");
      expectSecurityHeaders(map.headers);
    });
  });
}
