// Vitest setup (vitest.config.ts): the studio's design model (src/app/model.ts) is loaded in the
// browser after the first paint, and before anything that needs it runs; tests of the store
// and its helpers call those directly, so it is loaded before each test file.
import { loadModel } from '../app/model';

await loadModel();
