// Vitest setup (vitest.config.ts): every fast-check property runs with one fixed seed, printed,
// so CI is deterministic and a failure can be replayed. FC_SEED=n picks another (npm run fuzz
// does, with random ones). A property's own `seed` option still wins.
import fc from 'fast-check';

export const FC_SEED = process.env.FC_SEED !== undefined && /^-?\d+$/.test(process.env.FC_SEED) ? Number(process.env.FC_SEED) : 20261201;

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: FC_SEED });
const g = globalThis as { __fcSeedPrinted?: boolean };
if (!g.__fcSeedPrinted) {
  g.__fcSeedPrinted = true;
  console.log(`fast-check seed ${FC_SEED} (FC_SEED=n to change)`);
}
