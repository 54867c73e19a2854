import { describe, expect, it } from "vitest";
import { generatePermutations } from "../../../capabilities/lookalike/generate.ts";
import { permutationFamily } from "../../../capabilities/scoring/signals/lexical.ts";
import type { DiscoveredName } from "../../../capabilities/discovery/discovery-hook.ts";
import type { ScanData } from "../scan-data.ts";
import type { StageContext } from "../stage.ts";
import { generateStage } from "./generate.ts";

const OWNED = ["acmebank.com", "acme-bank.de"];

function context(progress: Array<[number, number | undefined]>): StageContext {
  return {
    scanId: "scan-1",
    payload: { brand_name: "Acme Bank", keywords: [], owned_domains: OWNED },
    data: {} as ScanData,
    signal: new AbortController().signal,
    progress: (d: number, t?: number) => void progress.push([d, t]),
    log: async () => {},
  } as unknown as StageContext;
}

describe("generate: permutations and the names discovery sources found", () => {
  const permutation = generatePermutations("acmebank.com", {
    keywords: [],
    maxCandidates: 250_000,
  }).permutations.find((p) => p.fuzzer !== "various")!;
  const found: DiscoveredName[] = [
    { domain: "acmebank-refund-center.xyz", source: "ct", reason: "why 1", original_domain: "acme-bank.de" },
    { domain: permutation.domain, source: "ct", reason: "why 2", original_domain: "acme-bank.de" },
    { domain: "acmebank.com", source: "ct", reason: "own", original_domain: "acmebank.com" },
    { domain: "verify-acmebank.help", source: "ct", reason: "why 3", original_domain: "unrelated.example" },
  ];

  it("keeps a CT-only name as no permutation, imitating the owned domain it matched, with why", async () => {
    const progress: Array<[number, number | undefined]> = [];
    const ctx = context(progress);
    await generateStage({
      discover: [async (c) => (c.progress(3, 10), c.progress(10, 10), found)],
    }).run(ctx);
    const byName = new Map(ctx.data.candidates!.map((c) => [c.domain, c]));
    expect(byName.get("acmebank-refund-center.xyz")).toEqual({
      domain: "acmebank-refund-center.xyz",
      domain_unicode: "acmebank-refund-center.xyz",
      fuzzer: null,
      fuzzers: [],
      registrable_domain: "acmebank-refund-center.xyz",
      original_domain: "acme-bank.de",
      discovered_by: ["ct"],
      discovery_reason: "why 1",
    });
    // Not an owned domain: it falls back to the first owned domain.
    expect(byName.get("verify-acmebank.help")?.original_domain).toBe("acmebank.com");
    // The brand's own domain never becomes a candidate.
    expect(byName.has("acmebank.com")).toBe(false);
    // Found both ways: one candidate, both sources, the permutation's fuzzer and owned domain kept.
    expect(byName.get(permutation.domain)).toMatchObject({
      fuzzer: permutation.fuzzer,
      original_domain: "acmebank.com",
      discovered_by: ["permutation", "ct"],
      discovery_reason: "why 2",
    });
    // Progress: the two owned domains, then the source's own count after them.
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
      [5, 12],
      [12, 12],
    ]);
  });

  it("gives a CT-only name no permutation family to score", () => {
    expect(permutationFamily({ domain: "acmebank-refund-center.xyz", fuzzer: null, fuzzers: [] })).toBeNull();
    // Candidates checkpointed by older workers named the source as if it were a fuzzer.
    expect(
      permutationFamily({ domain: "acmebank-refund-center.xyz", fuzzer: "ct", fuzzers: ["ct"] }),
    ).toBeNull();
    expect(permutationFamily({ domain: "acrnebank.com", fuzzer: "homoglyph", fuzzers: ["homoglyph"] })).toBe(
      1,
    );
  });
});
