import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Route } from "playwright-core";
import type { TestWeb } from "../harness.ts";
import { PASSWORD, startUiOnTestWeb } from "./browser-harness.ts";

// Signing in, as a user on a slow connection does it: the page the user asked for is where they
// land, and a click made as soon as a page shows is never undone by the session's late answer
// (the page once showed the dashboard before the session was read, then moved back to it).

describe("signing in", () => {
  let t: TestWeb;
  let browser: Browser;
  let baseUrl: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, browser, baseUrl, stop } = await startUiOnTestWeb());
    await t.container.services.users.createUser({ email: "quick@sign-in.test", password: PASSWORD });
  }, 240_000);
  afterAll(async () => {
    await stop?.();
  });

  /** Holds the session's answers after the sign-in until `release`; `held` settles when one is held. */
  async function holdSessionReads(page: Page) {
    let signedIn = false;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let onHeld!: () => void;
    const held = new Promise<void>((r) => (onHeld = r));
    await page.route("**/session", async (route: Route) => {
      const req = route.request();
      if (req.method() === "POST") signedIn = true;
      else if (req.method() === "GET" && signedIn) {
        onHeld();
        await released;
      }
      await route.continue();
    });
    return { held, release };
  }

  const fill = async (page: Page) => {
    await page.getByLabel("E-mail", { exact: true }).fill("quick@sign-in.test");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
  };
  const frames = (page: Page) =>
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))");

  it(
    "shows no page before the session is read, and a quick click stays where it went",
    { timeout: 60_000 },
    async () => {
      const context = await browser.newContext({ baseURL: baseUrl });
      const page = await context.newPage();
      const session = await holdSessionReads(page);
      await page.goto("/login");
      await fill(page);
      await session.held;
      await frames(page);
      expect(new URL(page.url()).pathname).toBe("/login");

      session.release();
      await page.waitForURL(/\/dashboard/);
      await page.getByRole("link", { name: "Lookalikes" }).click();
      await page.getByTestId("watch-status").waitFor();
      await frames(page);
      expect(new URL(page.url()).pathname).toBe("/lookalikes");
      await context.close();
    },
  );

  it("lands on the page asked for before signing in, in one move", { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const visited: string[] = [];
    page.on("framenavigated", (f) => f === page.mainFrame() && visited.push(new URL(f.url()).pathname));
    await page.goto("/takedowns?state=sent");
    await page.waitForURL(/\/login\?next=/);
    await fill(page);
    await page.getByRole("heading", { level: 1, name: "Takedowns" }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/takedowns?state=sent");
    // From the login page straight to the page asked for: never the dashboard in between.
    expect(visited.slice(visited.lastIndexOf("/login"))).toEqual(["/login", "/takedowns"]);
    await context.close();
  });
});
