// Folder-level import rules (issue 20), run by `npm run lint` (dependency-cruiser).
// ESLint (eslint.config.js) checks single imports; this checks the shape of the graph: no two folders of
// production code may depend on each other, directly or round a loop, counting `import type` too, since a
// type-only loop is still a loop in the design. Tests, test helpers, benches and build scripts are left out:
// they sit on top of the code and may reach into any folder.
/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-folder-cycle",
      severity: "error",
      comment:
        "Two folders depend on each other (directly or round a loop). Move the shared fact into a leaf folder " +
        "both may import, or turn one dependency around (e.g. pass a callback or an interface).",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-file-cycle",
      severity: "error",
      comment:
        "Files import each other round a loop (counting `import type`). Put the shared types in their own file.",
      from: {},
      to: { circular: true },
    },
    {
      name: "worker-infra-facts-leaf",
      severity: "error",
      comment:
        "apps/worker/src/infra-facts holds the infrastructure facts that scoring, campaigns and feeds share " +
        "(parking name servers, free hosts, name parts, campaign key strength); it imports nothing else of " +
        "the worker, or the campaigns <-> scoring loop comes back.",
      from: { path: "^apps/worker/src/infra-facts/" },
      to: { path: "^apps/worker/src/", pathNot: "^apps/worker/src/infra-facts/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: [
        "(^|/)(node_modules|dist|data)/",
        "(^|/)(test|testing|bench|scripts|drizzle)/",
        "(^|/)[^/]*\\.test\\.tsx?$",
        "\\.config\\.(ts|js|mjs|cjs)$",
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
