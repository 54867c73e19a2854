import { Parser } from "htmlparser2";
import type { BrandTerms } from "../../brand/brand-context.ts";
import { classifyForm, type FieldMarkup, type FormMarkup } from "./credential-form.ts";

// What a page says, from its HTML alone (pure; no I/O): title, language, credential forms and
// where they post, brand mentions, the favicon link, parking markers, and a normalised form of
// the markup for fuzzy hashing (tag skeleton + visible words, so a cloned page stays close to
// its original whatever the kit changed in whitespace, scripts and text).

interface FormInfo {
  action: string | null; // absolute URL; null for inputs outside any <form>
  method: string;
  /** Has a password box (credential-form.ts). */
  hasPassword: boolean;
  /** Asks for credentials: a password box or the identifier step of a sign-in. */
  login: boolean;
}

/** A form as the parser collects it, before it is judged. */
interface OpenForm extends FormMarkup {
  action: string | null;
  method: string;
}

export interface HtmlAnalysis {
  title: string | null;
  language: string | null;
  forms: FormInfo[];
  loginForm: boolean;
  passwordForm: boolean;
  /** Where the (first password, else first login) form posts, absolute. */
  formAction: string | null;
  /** That action's host is not the page's own host. */
  formPostsElsewhere: boolean | null;
  brandInPage: boolean;
  brandMatches: string[];
  keywordMatches: string[];
  faviconUrl: string;
  metaRefresh: string | null;
  parkedMarkers: string[];
  /** Visible text, whitespace collapsed. */
  text: string;
  normalized: string;
}

const SKIP_TEXT = new Set(["script", "style", "noscript", "template", "svg"]);
const FORM_TEXT_MAX = 2000;
const PARKED_PATTERNS: [string, RegExp][] = [
  ["for_sale", /domain (?:may be |is )?for sale|buy this domain|make an offer on this domain/i],
  ["parked", /domain (?:is )?parked|parked (?:free|domain)|parking page/i],
  ["sponsored_listings", /sponsored listings|related (?:links|searches)/i],
  ["parking_provider", /sedo(?:parking)?\.com|bodis\.com|parkingcrew|above\.com|dan\.com|afternic/i],
];

function resolveUrl(href: string | undefined, base: string): string | null {
  if (href === undefined) return null;
  try {
    return new URL(href.trim() || base, base).toString();
  } catch {
    return null;
  }
}

// URLs and numbers differ between a clone and its original by design (where the form posts,
// session ids): they are reduced to markers so only the page's make-up is compared.
const normValue = (v: string) =>
  /^(https?:)?\/\//i.test(v) ? "url" : v.slice(0, 80).toLowerCase().replace(/\d+/g, "#");
const normWord = (w: string) => (/\d/.test(w) ? "#" : w);

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** Brand names/keywords found in text, compared without spaces and punctuation ("Acme Bank" ~ "acmebank"). */
export function findTerms(text: string, terms: readonly string[]): string[] {
  const hay = norm(text);
  return [...new Set(terms.filter((t) => norm(t).length >= 3 && hay.includes(norm(t))))];
}

export function analyzeHtml(html: string, pageUrl: string, brand: BrandTerms): HtmlAnalysis {
  let title: string | null = null;
  let inTitle = false;
  let language: string | null = null;
  let faviconHref: string | null = null;
  let metaRefresh: string | null = null;
  let base = pageUrl;
  const skip: string[] = [];
  const text: string[] = [];
  const skeleton: string[] = [];
  const openForms: OpenForm[] = [];
  let form: OpenForm | null = null;
  // Inputs outside any <form> (kits that post from script) are judged as one more form.
  const loose: OpenForm = { action: null, method: "post", attributes: "", fields: [], buttons: [], text: "" };
  const labelsById = new Map<string, string>();
  let label: { for: string; text: string; fields: FieldMarkup[] } | null = null;
  let button: { text: string } | null = null;
  let lastText = "";

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        // Attribute values count too (class names, input names): short pages need the bytes.
        skeleton.push(`<${name}${Object.keys(attrs).sort().map((a) => ` ${a}=${normValue(attrs[a]!)}`).join("")}>`); // prettier-ignore
        if (SKIP_TEXT.has(name)) skip.push(name);
        if (name === "title" && title === null) inTitle = true;
        if (name === "html" && attrs.lang) language = attrs.lang.trim().slice(0, 20) || null;
        if (name === "base" && attrs.href) base = resolveUrl(attrs.href, pageUrl) ?? base;
        if (name === "link" && /\bicon\b/i.test(attrs.rel ?? "") && attrs.href && !faviconHref)
          faviconHref = attrs.href;
        if (name === "meta" && /^refresh$/i.test(attrs["http-equiv"] ?? "") && attrs.content) {
          const m = /url\s*=\s*['"]?([^'";]+)/i.exec(attrs.content);
          if (m) metaRefresh = resolveUrl(m[1], base);
        }
        if (name === "form") {
          form = {
            action: resolveUrl(attrs.action ?? "", base),
            method: (attrs.method ?? "get").toLowerCase(),
            attributes: [attrs.id, attrs.class, attrs.name, attrs.action].filter(Boolean).join(" "),
            fields: [],
            buttons: [],
            text: "",
          };
          openForms.push(form);
          lastText = "";
        }
        if (name === "label") label = { for: attrs.for ?? "", text: "", fields: [] };
        if (name === "button") button = { text: "" };
        if (name === "input" || name === "textarea" || name === "select") {
          const field: FieldMarkup = {
            tag: name,
            type: (attrs.type ?? "").trim().toLowerCase(),
            name: attrs.name ?? "",
            id: attrs.id ?? "",
            placeholder: attrs.placeholder ?? "",
            autocomplete: (attrs.autocomplete ?? "").toLowerCase(),
            ariaLabel: attrs["aria-label"] ?? "",
            label: "",
            before: lastText,
          };
          lastText = "";
          (form ?? loose).fields.push(field);
          label?.fields.push(field);
          if (name === "input" && /^(?:submit|button|image)$/.test(field.type) && attrs.value)
            (form ?? loose).buttons.push(attrs.value);
        }
      },
      ontext(data) {
        if (inTitle) title = ((title ?? "") + data).slice(0, 1000);
        if (skip.length === 0 && data.trim()) {
          text.push(data);
          lastText = data.trim();
          if (label) label.text += data;
          if (button) button.text += data;
          if (form && form.text.length < FORM_TEXT_MAX) form.text += ` ${data.trim()}`;
        }
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
        if (skip.length && skip[skip.length - 1] === name) skip.pop();
        if (name === "form") form = null;
        if (name === "label" && label) {
          const text = label.text.replace(/\s+/g, " ").trim();
          if (label.for) labelsById.set(label.for, text);
          for (const f of label.fields) f.label = text;
          label = null;
        }
        if (name === "button" && button) {
          (form ?? loose).buttons.push(button.text.trim());
          button = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const forms = judgeForms([...openForms, ...(loose.fields.length ? [loose] : [])], labelsById);
  const visible = text.join(" ").replace(/\s+/g, " ").trim();
  const words = visible.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const credential = forms.find((f) => f.hasPassword) ?? forms.find((f) => f.login) ?? null;
  const pageHost = safeHost(pageUrl);
  const actionHost = credential?.action ? safeHost(credential.action) : null;
  const titleText = (title as string | null)?.replace(/\s+/g, " ").trim() || null;
  const haystack = `${titleText ?? ""} ${visible}`;
  const brandMatches = findTerms(haystack, brand.brand_names);
  const markerText = `${titleText ?? ""} ${visible} ${html.slice(0, 50_000)}`;
  return {
    title: titleText,
    language,
    forms,
    loginForm: forms.some((f) => f.login),
    passwordForm: forms.some((f) => f.hasPassword),
    formAction: credential?.action ?? null,
    formPostsElsewhere: credential?.action ? actionHost !== pageHost : null,
    brandInPage: brandMatches.length > 0,
    brandMatches,
    keywordMatches: findTerms(haystack, brand.keywords),
    faviconUrl:
      resolveUrl(faviconHref ?? "/favicon.ico", base) ?? new URL("/favicon.ico", pageUrl).toString(),
    metaRefresh,
    parkedMarkers: PARKED_PATTERNS.filter(([, re]) => re.test(markerText)).map(([k]) => k),
    text: visible,
    normalized: `${skeleton.join("")}\n${words.map(normWord).join(" ")}`,
  };
}

/** Each collected form judged as a credential form or not, labels tied to their fields first. */
function judgeForms(open: OpenForm[], labelsById: Map<string, string>): FormInfo[] {
  return open.map((f) => {
    for (const field of f.fields)
      if (!field.label && field.id && labelsById.has(field.id)) field.label = labelsById.get(field.id)!;
    const verdict = classifyForm(f);
    return { action: f.action, method: f.method, hasPassword: verdict.password, login: verdict.login };
  });
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Whether a URL lands on one of the brand's own domains (or a subdomain of one). */
export function isBrandUrl(url: string | null, ownedDomains: readonly string[]): boolean {
  const host = url ? safeHost(url) : null;
  if (!host) return false;
  return ownedDomains.some((d) => host === d.toLowerCase() || host.endsWith(`.${d.toLowerCase()}`));
}
