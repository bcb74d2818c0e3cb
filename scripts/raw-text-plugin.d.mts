// Types of raw-text-plugin.mjs for the TypeScript that bundles with it (tests that build the CLI).
import type { Plugin } from 'esbuild';

export declare const rawText: Plugin;
