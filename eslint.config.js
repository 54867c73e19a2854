import { readFileSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

// Architecture rules (issue 20): import boundaries, import cycles, declared dependencies, process.env only in
// config files, no barrels. `npm run lint` runs them, with dependency-cruiser for folder loops and knip for
// unused exports, files and dependencies.
const ARCH = "error";

const root = import.meta.dirname;
const WORKSPACES = JSON.parse(readFileSync(`${root}/package.json`, "utf8")).workspaces;

// Files that support tests, benches and builds: they may use devDependencies and read process.env.
// Test helpers live in a workspace's test/ (its own) or testing/ (exported for other workspaces' tests).
const TEST_SUPPORT = [
  "**/*.test.{ts,tsx}",
  "**/test/**",
  "**/testing/**",
  "**/bench/**",
  "**/scripts/**",
  "**/*.config.{ts,js}",
];
const CONFIG_FILES = ["**/config.ts", "**/config/**", "**/*.config.{ts,js}"];

// no-restricted-imports takes one list per file, so each group of files gets its whole list.
const APPS = ["web", "worker", "cli", "web-ui"];
const otherApps = (self) => ({
  regex: `^@brandwarden/(${APPS.filter((a) => a !== self).join("|")})(/|$)`,
  message:
    "An app does not import another app: share through packages/ (only the CLI launcher starts the apps).",
});
const noAppImports = {
  regex: `^@brandwarden/(${APPS.join("|")})(/|$)`,
  message: "A package does not import an app.",
};
// Every query lives in a repository (routes validate and present, services hold the logic and transactions).
const noDatabase = [
  {
    regex: "^drizzle-orm(/|$)",
    message: "Only repositories query the database: move this into a *.repository.ts.",
  },
  {
    regex: "(^|/)db/schema(\\.ts|/|$)",
    message: "Only repositories query the database: move this into a *.repository.ts.",
  },
];
const DATABASE_LAYER = ["apps/web/src/**/*.repository.ts", "apps/web/src/db/**"];
// The CLI is the composition root: it starts the web and the worker through their entry points, and the
// commands that run one piece of an app on its own use that piece's module, named here; nothing else of them.
const CLI_ENTRY_POINTS = {
  web: [
    "server",
    "config",
    "container",
    "adapters",
    // `users create` builds the web container as startWeb does, with the same session secret.
    "lib/secret-file",
  ],
  worker: [
    "server",
    "config",
    "container",
    "adapters",
    // `permute`: the worker's permutation engine and DNS resolver, run as a dnstwist-like tool.
    "capabilities/lookalike/generate",
    "capabilities/lookalike/normalize",
    "capabilities/lookalike/errors",
    "wiring/resolver",
    "capabilities/resolve/types",
    "capabilities/resolve/result-queue",
    "capabilities/resolve/silent-servers",
    "ports/dns/dns-client",
    // `learn`: the score stage's learner, run once over the web app's internal API.
    "capabilities/scoring/learner/run-learner",
    "capabilities/social/social-signals",
    "ports/web-api/web-client",
    // `zones diff`: the zone watcher's streamed reader and diff, run over two files.
    "capabilities/discovery/zone/zone-diff",
    "capabilities/discovery/zone/zone-source",
  ],
};
const cliLauncher = (entryPoints = CLI_ENTRY_POINTS) => ({
  regex: `^@brandwarden/(?!(${Object.entries(entryPoints)
    .map(([app, modules]) => `${app}/(${modules.join("|")})$`)
    .join("|")}))(web|worker)(/|$)`,
  message:
    "The CLI imports the web and worker only through their entry points (CLI_ENTRY_POINTS in eslint.config.js).",
});
const noWebUi = {
  regex: "^@brandwarden/web-ui(/|$)",
  message: "The web UI is a browser bundle: nothing imports it.",
};
const webUi = {
  regex: "^@brandwarden/(?!contract(/|$))",
  message: "The web UI imports only @brandwarden/contract.",
};
// The UI's shared layers serve its features (apps/web-ui/src/features/<feature>/) and import none of them.
const webUiShared = {
  regex: "(^|/)features/",
  message: "api/, lib/ and ui/ are shared by the UI's features: they import no feature.",
};
// The UI speaks the contract's vocabulary: its types under their own names, no local aliases.
const WEB_UI_CONTRACT_NAMES = [
  {
    selector: "TSTypeAliasDeclaration > TSTypeReference.typeAnnotation[typeName.name=/^T[A-Z]/]",
    message: "Use the contract's type under its own name (import it from @brandwarden/contract/...).",
  },
  {
    selector: "ImportSpecifier[imported.name=/^T[A-Z]/][local.name!=/^T[A-Z]/]",
    message: "Import the contract's type under its own name.",
  },
];
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { "no-restricted-imports": [ARCH, { patterns }] },
});

const architecture = [
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.json", "apps/web-ui/tsconfig.json"],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ARCH,
      "import-x/no-relative-packages": ARCH,
      "import-x/no-self-import": ARCH,
      "import-x/avoid-barrel-files": ARCH,
    },
  },
  {
    // The whole Drizzle schema in one module is what drizzle(client, { schema }) and drizzle-kit take.
    files: ["apps/web/src/db/schema.ts"],
    rules: { "import-x/avoid-barrel-files": "off" },
  },
  // Boundaries.
  restrict(["packages/**"], [noAppImports]),
  restrict(["apps/worker/**"], [otherApps("worker")], TEST_SUPPORT),
  // Worker tests that need a real web app start it through the web's test harness, and nothing else of it.
  restrict(
    TEST_SUPPORT.map((glob) => `apps/worker/${glob}`),
    [
      { ...otherApps("worker"), regex: "^@brandwarden/(cli|web-ui)(/|$)" },
      {
        regex: "^@brandwarden/web(?!/test/)(/|$)",
        message: "Worker tests use the web app only through its test harness (@brandwarden/web/test/*).",
      },
    ],
  ),
  restrict(["apps/web/**"], [otherApps("web"), ...noDatabase], [...DATABASE_LAYER, ...TEST_SUPPORT]),
  restrict([...DATABASE_LAYER, ...TEST_SUPPORT.map((glob) => `apps/web/${glob}`)], [otherApps("web")]),
  restrict(["apps/web-ui/**"], [webUi]),
  restrict(["apps/web-ui/src/{api,lib,ui}/**"], [webUi, webUiShared]),
  { files: ["apps/web-ui/src/**"], rules: { "no-restricted-syntax": [ARCH, ...WEB_UI_CONTRACT_NAMES] } },
  restrict(["apps/cli/**"], [cliLauncher(), noWebUi], TEST_SUPPORT),
  // Every import declared in the importing workspace's package.json (root devDependencies are shared tooling).
  ...WORKSPACES.map((ws) => ({
    files: [`${ws}/**`],
    rules: {
      "import-x/no-extraneous-dependencies": [
        ARCH,
        { packageDir: [`${root}/${ws}`, root], devDependencies: TEST_SUPPORT, includeTypes: true },
      ],
    },
  })),
  {
    files: ["bench/**", "scripts/**", "*.{ts,js}"],
    rules: {
      "import-x/no-extraneous-dependencies": [
        ARCH,
        { packageDir: [root, ...WORKSPACES.map((ws) => `${root}/${ws}`)], devDependencies: true },
      ],
    },
  },
  // Settings come from the environment only through config files.
  {
    files: ["apps/*/src/**", "packages/*/src/**"],
    ignores: [...CONFIG_FILES, ...TEST_SUPPORT],
    rules: {
      "no-restricted-properties": [
        ARCH,
        {
          object: "process",
          property: "env",
          message: "Read settings in a config file (config.ts) and pass them in.",
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "apps/web/drizzle/**", "apps/web-ui/dist/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "max-lines": ["error", { max: 500, skipBlankLines: true, skipComments: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["**/*.test.ts", "**/test/**/*.ts"],
    rules: { "max-lines": "off" },
  },
  ...architecture,
);
