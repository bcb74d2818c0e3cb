// The Bigtable adapter as the CLI loads it on first use (the client takes about a second to load).
export * from './admin';
export * from './apply';
export * from './errors';
export * from './apply-plan';
export * from './table-state';
export * from './target';
