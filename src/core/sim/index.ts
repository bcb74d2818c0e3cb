// The tablet simulator: pure TypeScript, runs in Node, the browser and Web Workers.
// See docs/simulator.md for the model, its assumptions and its outputs.
export {
  createSimulation,
  optionsFor,
  simulate,
  SimulationCancelled,
  type CancelFlag,
  type RunOptions,
  type SimResult,
  type SimSnapshot,
  type Simulation,
} from './simulate';
export { clusterOf } from '../analysis/cluster';
export { nodeWriteCapacity, DEFAULTS, LIMITS, type SimOptions, type SimParams, type Storage } from './params';
export { quantiseHeatmap, NO_NODE, type Heatmap, type QuantiseOptions } from './heatmap';
export { heatmapOf, type HeatmapMetric } from './reads';
export { durationText, judge, launchText, MAX_OK_THROTTLED, type HottestRange, type Verdict, type VerdictResult } from './verdict';
export { THRESHOLDS, type Pattern, type PatternEvidence } from './pattern';
export type { SimEvent } from './engine';
export { launchDay, type LaunchDay } from './launch';
export { defaultPreSplitCount, preSplitPoints, PRE_SPLIT_LIMITS, type PreSplitOptions } from './presplit';
export { checkPreSplits, judgePreSplits, preSplitCountFor, proposePreSplits, withSplits, type PreSplitCheck } from './presplit-check';
