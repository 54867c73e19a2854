// Folder-level import rules (issue 20), run by `npm run lint` (dependency-cruiser).
// ESLint (eslint.config.js) checks single imports; this checks the shape of the graph: no two folders of
// production code may depend on each other, directly or round a loop, counting `import type` too, since a
// type-only loop is still a loop in the design. Tests, test helpers, benches and build scripts are left out:
// they sit on top of the code and may reach into any folder.
// The worker's layers (issue 25), each importing only the layers below it:
//   main, server, app, container, adapters (top-level files): may import anything;
//   config.ts (top-level): the settings, read by use cases and wiring;
//   wiring/: capabilities built on real ports from the config (what container.ts, tests and the CLI call);
//   use-cases/: what the web asks for (a route and its use case per folder), plus the CT follower;
//   capabilities/: reusable work with no routes; ports/: the outside (LLM, DNS, HTTP, events, the web app);
//   lib/: leaf helpers.
const W = "^apps/worker/src/";
const PORT_INTERFACE = "\\.port\\.ts$";
/** A forbidden import from a file matching `from` (not `fromNot`) to one matching `to` (not `toNot`). */
const forbid = (name, comment, [from, fromNot], [to, toNot]) => ({
  name,
  severity: "error",
  comment,
  from: { path: from, pathNot: fromNot },
  to: { path: to, pathNot: toNot },
});

const workerLayers = [
  forbid(
    "worker-leaf-folders",
    "apps/worker/src/lib (leaf helpers), capabilities/provider-facts (the hosting, registrar, parking and name " +
      "facts that scoring, campaigns, feeds and lookalike share) and capabilities/brand (BrandTerms, " +
      "BrandContext) import nothing else of the worker, so every layer may read them without a loop.",
    [`${W}(lib|capabilities/provider-facts|capabilities/brand)/`],
    [W, `${W}$1/`],
  ),
  forbid(
    "worker-ports-import-ports",
    "A port (apps/worker/src/ports: LLM, DNS, HTTP, events, the web app's API) reaches the outside for the rest " +
      "of the worker: it imports other ports and lib/ only, never a capability, use case or wiring.",
    [`${W}ports/`],
    [W, `${W}(ports|lib)/`],
  ),
  forbid(
    "worker-capabilities-no-upward",
    "A capability (apps/worker/src/capabilities) is reusable work: it imports no use case, no wiring and no " +
      "top-level file (config included: take the setting as a parameter).",
    [`${W}capabilities/`],
    [`${W}(use-cases/|wiring/|[^/]+$)`],
  ),
  forbid(
    "worker-capabilities-use-port-interfaces",
    "A capability reaches a port only through its interface file (ports/<port>/<port>.port.ts); the " +
      "implementation (a client to create) is made in wiring/ or container.ts and passed in.",
    [`${W}capabilities/`],
    [`${W}ports/`, PORT_INTERFACE],
  ),
  forbid(
    "worker-port-interfaces-do-no-io",
    "A port's interface file (*.port.ts) holds its types, the errors it throws and helpers over the interface: " +
      "it imports only other interface files and lib/ of the worker, and no module that opens sockets or " +
      "files, so a capability cannot reach the outside through it.",
    [`${W}ports/.+${PORT_INTERFACE}`],
    [
      [
        W,
        "^(node:)?(dgram|fs|tls|http|https|http2|child_process)$",
        "(^|/)node_modules/undici/",
        "^packages/platform/src/net/",
      ],
      [PORT_INTERFACE, `${W}lib/`],
    ],
  ),
  forbid(
    "worker-use-cases-independent",
    "A use case (apps/worker/src/use-cases/<name>) does not import another one: share through a capability or " +
      "a port. The one exception is takedowns -> reports (worker-takedowns-use-reports).",
    [`${W}use-cases/([^/]+)/`, `${W}use-cases/takedowns/`],
    [`${W}use-cases/`, `${W}use-cases/$1/`],
  ),
  forbid(
    "worker-takedowns-use-reports",
    "A takedown draft describes a finding in the report's words (report-model, report-text, the prose " +
      "logger): takedowns may import reports, and no other use case.",
    [`${W}use-cases/takedowns/`],
    [`${W}use-cases/`, `${W}use-cases/(takedowns|reports)/`],
  ),
  forbid(
    "worker-use-cases-and-wiring-no-upward",
    "A use case imports no wiring, wiring/ (capabilities built on real ports) imports no use case, and neither " +
      "imports a top-level file but config.ts: container.ts builds what they need and passes it in.",
    [`${W}(use-cases|wiring)/`],
    [`${W}(use-cases/|wiring/|[^/]+$)`, `${W}(config\\.ts$|$1/)`],
  ),
];

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
    // The web app's modules (issue 25): a module's repository is its own. Other modules, jobs, event
    // handlers and the container reach its data through the services its factory (`<module>.module.ts`)
    // returns; test files, excluded below, may use any repository.
    {
      name: "web-no-foreign-repository",
      severity: "error",
      comment:
        "A web module imports another module's repository. Call the owning module's service instead (have " +
        "its factory pass the service in), or move the query into the module that owns the table.",
      from: { path: "^apps/web/src/modules/([^/]+)/" },
      to: {
        path: "^apps/web/src/modules/[^/]+/[^/]+\\.repository\\.ts$",
        pathNot: "^apps/web/src/modules/$1/",
      },
    },
    {
      name: "web-repository-outside-modules",
      severity: "error",
      comment:
        "Jobs, event handling, the container and the app get services from the module factories; only a " +
        "module's own files import its repository.",
      from: { path: "^apps/web/src/", pathNot: "^apps/web/src/modules/" },
      to: { path: "^apps/web/src/modules/.+\\.repository\\.ts$" },
    },
    {
      name: "web-container-wires-module-factories",
      severity: "error",
      comment:
        "apps/web/src/container.ts calls each module's factory (`<module>.module.ts`) and nothing else of a " +
        "module: build services inside the module's factory.",
      from: { path: "^apps/web/src/container\\.ts$" },
      to: { path: "^apps/web/src/modules/", pathNot: "\\.module\\.ts$" },
    },
    ...workerLayers,
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
