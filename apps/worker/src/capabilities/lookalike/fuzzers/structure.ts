/** Dots and hyphens: dnstwist's subdomain and various fuzzers, and dot/hyphen edits from other engines. */
import type { FuzzContext, FuzzerFn } from "../types.ts";

/** A dot inside the label, not next to a hyphen (exa.mple.com). */
export const subdomain: FuzzerFn = function* (ctx) {
  const chars = [...ctx.label];
  for (let i = 1; i < chars.length - 1; i++) {
    if (chars[i] === "-" || chars[i - 1] === "-") continue;
    yield ctx.withLabel(`${chars.slice(0, i).join("")}.${chars.slice(i).join("")}`);
  }
};

/** dnstwist's `various`, as of 20250130 (a superset of 20221213's). */
export const various: FuzzerFn = function* (ctx) {
  const { label, suffix } = ctx;
  const sub = ctx.subdomain;
  if (suffix.includes(".")) {
    yield ctx.withLabelSuffix(label, suffix.split(".").pop()!);
    yield join(sub, label + suffix);
  } else {
    yield ctx.withLabelSuffix(label + suffix, suffix);
    if (suffix !== "com") {
      yield ctx.withLabelSuffix(`${label}-${suffix}`, "com");
      yield ctx.withLabelSuffix(label + suffix, "com");
    }
  }
  if (sub) {
    yield `${sub}${label}.${suffix}`;
    yield `${sub.replaceAll(".", "")}${label}.${suffix}`;
    yield `${sub}-${label}.${suffix}`;
    yield `${sub.replaceAll(".", "-")}-${label}.${suffix}`;
  }
};

/** One hyphen dropped, or all of them. */
export const hyphenOmission: FuzzerFn = function* (ctx) {
  const parts = ctx.label.split("-");
  if (parts.length < 2) return;
  for (let i = 1; i < parts.length; i++) {
    yield ctx.withLabel(`${parts.slice(0, i).join("-")}${parts.slice(i).join("-")}`);
  }
  yield ctx.withLabel(parts.join(""));
};

/** A dot between two labels dropped; a name left without a suffix gets the last suffix label back. */
export const dotOmission: FuzzerFn = function* (ctx) {
  yield* joinAdjacentLabels(ctx, "");
};

/** A dot turned into a hyphen (www-brand.com, brand-co.uk), or a hyphen of the label into a dot. */
export const dotHyphen: FuzzerFn = function* (ctx) {
  yield* joinAdjacentLabels(ctx, "-");
  const parts = ctx.label.split("-");
  for (let i = 1; i < parts.length; i++) {
    yield ctx.withLabel(`${parts.slice(0, i).join("-")}.${parts.slice(i).join("-")}`);
  }
};

/** The hyphen-separated words of the label in another order (shop-online -> online-shop). */
export const tokenSwap: FuzzerFn = function* (ctx) {
  const parts = ctx.label.split("-").filter(Boolean);
  if (parts.length < 2) return;
  const orders = parts.length <= 4 ? permutationsOf(parts) : adjacentSwaps(parts);
  for (const order of orders) {
    yield ctx.withLabel(order.join("-"));
    yield ctx.withLabel(order.join(""));
  }
};

function* joinAdjacentLabels(ctx: FuzzContext, glue: string): Iterable<string> {
  const labels = join(ctx.subdomain, ctx.label, ctx.suffix).split(".");
  const tld = labels[labels.length - 1]!;
  for (let i = 0; i + 1 < labels.length; i++) {
    const merged = [...labels.slice(0, i), labels[i]! + glue + labels[i + 1]!, ...labels.slice(i + 2)];
    yield merged.length === 1 ? `${merged[0]}.${tld}` : merged.join(".");
  }
}

function join(...parts: string[]): string {
  return parts.filter(Boolean).join(".");
}

function permutationsOf(items: readonly string[]): string[][] {
  if (items.length <= 1) return [items.slice()];
  const out: string[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutationsOf([...items.slice(0, i), ...items.slice(i + 1)]))
      out.push([item, ...rest]);
  });
  return out;
}

function adjacentSwaps(items: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i + 1 < items.length; i++) {
    const copy = items.slice();
    [copy[i], copy[i + 1]] = [copy[i + 1]!, copy[i]!];
    out.push(copy);
  }
  return out;
}
