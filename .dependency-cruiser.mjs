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
    // The worker's layers (issue 25), each importing only the layers below it:
    //   main, server, app, container, adapters (top-level files) - may import anything;
    //   config.ts (top-level): the settings, read by use cases and wiring;
    //   wiring/: capabilities built on real ports from the config (what container.ts, tests and the CLI call);
    //   use-cases/: what the web asks for (a route and its use case per folder), plus the CT follower;
    //   capabilities/: reusable work with no routes; ports/: the outside (LLM, DNS, HTTP, the web app);
    //   lib/: leaf helpers.
    {
      name: "worker-leaf-folders",
      severity: "error",
      comment:
        "apps/worker/src/lib (leaf helpers), capabilities/provider-facts (the hosting, registrar, parking and " +
        "name facts that scoring, campaigns, feeds and lookalike share) and capabilities/brand (BrandTerms, " +
        "BrandContext) import nothing else of the worker, so every layer may read them without a loop.",
      from: { path: "^apps/worker/src/(lib|capabilities/provider-facts|capabilities/brand)/" },
      to: { path: "^apps/worker/src/", pathNot: "^apps/worker/src/$1/" },
    },
    {
      name: "worker-ports-import-ports",
      severity: "error",
      comment:
        "A port (apps/worker/src/ports: LLM, DNS, HTTP, events, the web app's API) reaches the outside for the " +
        "rest of the worker: it imports other ports and lib/ only, never a capability, use case or wiring.",
      from: { path: "^apps/worker/src/ports/" },
      to: { path: "^apps/worker/src/", pathNot: "^apps/worker/src/(ports|lib)/" },
    },
    {
      name: "worker-capabilities-no-upward",
      severity: "error",
      comment:
        "A capability (apps/worker/src/capabilities) is reusable work: it imports no use case, no wiring and no " +
        "top-level file (config included: take the setting as a parameter).",
      from: { path: "^apps/worker/src/capabilities/" },
      to: { path: "^apps/worker/src/(use-cases/|wiring/|[^/]+$)" },
    },
    {
      name: "worker-capabilities-use-port-interfaces",
      severity: "error",
      comment:
        "A capability reaches a port only through its interface file (ports/<port>/<port>.port.ts); the " +
        "implementation (a client to create) is made in wiring/ or container.ts and passed in.",
      from: { path: "^apps/worker/src/capabilities/" },
      to: { path: "^apps/worker/src/ports/", pathNot: "\\.port\\.ts$" },
    },
    {
      name: "worker-port-interfaces-do-no-io",
      severity: "error",
      comment:
        "A port's interface file (*.port.ts) holds its types, the errors it throws and helpers over the " +
        "interface: it imports only other interface files and lib/ of the worker, and no module that opens " +
        "sockets or files, so a capability cannot reach the outside through it.",
      from: { path: "^apps/worker/src/ports/.+\\.port\\.ts$" },
      to: {
        path: [
          "^apps/worker/src/",
          "^(node:)?(dgram|fs|tls|http|https|http2|child_process)$",
          "(^|/)node_modules/undici/",
          "^packages/platform/src/net/",
        ],
        pathNot: ["\\.port\\.ts$", "^apps/worker/src/lib/"],
      },
    },
    {
      name: "worker-use-cases-independent",
      severity: "error",
      comment:
        "A use case (apps/worker/src/use-cases/<name>) does not import another one: share through a capability " +
        "or a port. The one exception is takedowns -> reports (worker-takedowns-use-reports).",
      from: { path: "^apps/worker/src/use-cases/([^/]+)/", pathNot: "^apps/worker/src/use-cases/takedowns/" },
      to: { path: "^apps/worker/src/use-cases/", pathNot: "^apps/worker/src/use-cases/$1/" },
    },
    {
      name: "worker-takedowns-use-reports",
      severity: "error",
      comment:
        "A takedown draft describes a finding in the report's words (report-model, report-text, the prose " +
        "logger): takedowns may import reports, and no other use case.",
      from: { path: "^apps/worker/src/use-cases/takedowns/" },
      to: { path: "^apps/worker/src/use-cases/", pathNot: "^apps/worker/src/use-cases/(takedowns|reports)/" },
    },
    {
      name: "worker-use-cases-no-upward",
      severity: "error",
      comment:
        "A use case imports no wiring and no top-level file but config.ts: container.ts builds what it needs " +
        "and passes it in.",
      from: { path: "^apps/worker/src/use-cases/" },
      to: { path: "^apps/worker/src/(wiring/|[^/]+$)", pathNot: "^apps/worker/src/config\\.ts$" },
    },
    {
      name: "worker-wiring-no-upward",
      severity: "error",
      comment:
        "wiring/ builds capabilities on real ports: it imports no use case and no top-level file but config.ts.",
      from: { path: "^apps/worker/src/wiring/" },
      to: { path: "^apps/worker/src/(use-cases/|[^/]+$)", pathNot: "^apps/worker/src/config\\.ts$" },
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
