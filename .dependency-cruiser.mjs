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
