// Designs for e2e/first-screen.spec.ts, also read by scripts/first-screen-shots.mjs.
import { readFileSync } from 'node:fs';

/** A ride-hailing design a newcomer writes first: two tables, each led by a timestamp, with many findings. */
export const NAIVE_TRIPS = readFileSync(new URL('./designs/naive-trips.yaml', import.meta.url), 'utf8');
