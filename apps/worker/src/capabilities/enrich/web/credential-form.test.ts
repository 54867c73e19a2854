import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyzeHtml } from "./html-analysis.ts";

// Login-form detection on real pages (samples/pages, see SOURCES.md): article pages with
// newsletter, comment, share and search forms; phishing-kit pages; login pages whose password box
// has a localised `type`. labels.tsv says which pages ask for credentials.

const SAMPLES = new URL("../../../../samples/pages/", import.meta.url);
const brand = { brand_names: ["Acme Bank"], keywords: [], owned_domains: ["acmebank.com"] };
const labels = readFileSync(new URL("labels.tsv", SAMPLES), "utf8")
  .trim()
  .split("\n")
  .map((l) => l.split("\t"))
  .map(([path, login]) => ({ path: path!, login: login === "yes" }));
const analyse = (path: string) =>
  analyzeHtml(readFileSync(new URL(path, SAMPLES), "utf8"), `https://example.test/${path}`, brand);

describe("login-form detection on real pages", () => {
  it("reaches 95% precision and recall over the sample pages", () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const wrong: string[] = [];
    for (const { path, login } of labels) {
      const found = analyse(path).loginForm;
      if (found && login) tp++;
      if (found && !login) fp++;
      if (!found && login) fn++;
      if (found !== login) wrong.push(`${path} (${login ? "missed" : "false alarm"})`);
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(
      `login forms over ${labels.length} pages: precision ${(precision * 100).toFixed(1)}%, recall ${(recall * 100).toFixed(1)}%` +
        (wrong.length ? `; wrong: ${wrong.join(", ")}` : ""),
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("does not take newsletter, comment and share-by-email forms for login forms", () => {
    for (const page of [
      "wordpress",
      "citylab-1",
      "firefox-nightly-blog",
      "002",
      "toc-missing",
      "mozilla-1",
      "tmz-1",
    ])
      expect(analyse(`ordinary/readability-${page}.html`).loginForm, page).toBe(false);
  });

  it("finds a password box whose type is a localised word, and where its form posts", () => {
    for (const page of [
      "de-quiz-passwort",
      "es-riot-contrasena",
      "es-iniciar-sesion-contrasena",
      "pt-cadastro-senha",
    ]) {
      const a = analyse(`logins/${page}.html`);
      expect(a.passwordForm, page).toBe(true);
      expect(a.loginForm, page).toBe(true);
    }
    expect(analyse("logins/es-riot-contrasena.html").formAction).toBe("https://example.test/login.php");
  });

  it("reads type case-insensitively, autocomplete and labels, and a sign-in's first step", () => {
    const page = (form: string) => analyzeHtml(`<html><body>${form}</body></html>`, "https://x.test/", brand);
    expect(page(`<form><input name="u"><input type="Password" name="p"></form>`).passwordForm).toBe(true);
    expect(
      page(`<form><input name="a"><input name="b" autocomplete="current-password"></form>`).passwordForm,
    ).toBe(true);
    expect(page(`<form><label for="k">Пароль</label><input id="k" name="k"></form>`).passwordForm).toBe(true);
    expect(page(`<form><label>Mot de passe <input name="x2"></label></form>`).passwordForm).toBe(true);
    expect(
      page(`<form><input type="email" name="loginfmt"><input type="submit" value="Next"></form>`).loginForm,
    ).toBe(true);
    expect(
      page(
        `<form id="subscribe"><input type="email" name="email"><button>Sign in to our newsletter</button></form>`,
      ).loginForm,
    ).toBe(false);
    expect(page(`<form><input name="passport_number"><input name="compass"></form>`).passwordForm).toBe(
      false,
    );
    expect(
      page(`<div><input type="text" name="user"><input type="passwort" name="pw"></div>`).passwordForm,
    ).toBe(true);
  });
});
