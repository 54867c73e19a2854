#!/usr/bin/env node
// Runs the TypeScript sources directly (no build step), so `npx brandwarden` works after `npm ci`.
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");
