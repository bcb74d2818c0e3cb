// Integration tests against the Bigtable emulator: `npx vitest run -c vitest.emulator.config.ts`.
// Kept apart from vitest.config.ts so the unit suite never needs cbtemulator.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.emu.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'e2e/**'],
    globalSetup: ['scripts/emulator-setup.ts'],
    // Nothing may leave 127.0.0.1: a connection or DNS lookup elsewhere fails the test.
    setupFiles: ['scripts/loopback-only.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One emulator serves the run; files share it, so run them one at a time.
    fileParallelism: false,
  },
});
