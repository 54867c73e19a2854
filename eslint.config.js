import process from "node:process";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

// Architecture rules (issue 20): import boundaries, import cycles, declared dependencies, process.env only in
// config files, no barrels. `npm run lint:arch` runs them (with dependency-cruiser for folder loops and knip for
// unused exports and dependencies); they stay off in `npm run lint` until the code keeps them.
const ARCH = process.env.BRANDWARDEN_LINT_ARCH === "1" ? "error" : "off";

const WORKSPACES = [
  "packages/contract",
  "packages/platform",
  "packages/world",
  "apps/worker",
  "apps/web",
  "apps/web-ui",
  "apps/cli",
];
const root = import.meta.dirname;

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
const cliLauncher = {
  // The CLI is the composition root: it may start the web and worker through their entry points only.
  regex: "^@brandwarden/(web|worker)/(?!(server|config|container|infrastructure)$)",
  message:
    "The CLI imports the web and worker only through their entry points (server, config, container, infrastructure).",
};
const noWebUi = {
  regex: "^@brandwarden/web-ui(/|$)",
  message: "The web UI is a browser bundle: nothing imports it.",
};
const webUi = {
  regex: "^@brandwarden/(?!contract(/|$))",
  message: "The web UI imports only @brandwarden/contract.",
};
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
  restrict(["apps/cli/**"], [cliLauncher, noWebUi], TEST_SUPPORT),
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
