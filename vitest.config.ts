import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**', 'src/**/*.emu.test.ts'],
    testTimeout: 60_000,
    // One fixed, printed fast-check seed for every property test (FC_SEED=n overrides).
    setupFiles: ['src/test-support/fc-seed.ts', 'src/test-support/app-model.ts'],
  },
});
