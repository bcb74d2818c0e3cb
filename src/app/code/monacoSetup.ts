// Monaco, offline: the editor, its YAML and JSON language workers and the design schema are all
// bundled; nothing is fetched. This module is only ever imported lazily (MonacoPane), so the
// ~1 MB of Monaco stays out of the first screen. `loader.config({ monaco })` must run before
// the first <Editor> mounts, or @monaco-editor/react fetches Monaco from a CDN.
// Only what a design needs: the editor API with the features in monacoFeatures.ts, YAML's tokenizer
// (bundled here, not a chunk fetched once the first model exists) and the JSON language; not
// the ~80 other languages, CSS, HTML or TypeScript that 'monaco-editor' registers.
import { loader } from '@monaco-editor/react';
import './monacoFeatures';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import * as yamlLanguage from 'monaco-editor/esm/vs/basic-languages/yaml/yaml.js';
import 'monaco-editor/esm/vs/language/json/monaco.contribution.js';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import { configureMonacoYaml } from 'monaco-yaml';
import { designJsonSchema } from '../../core/model/schema';
import { RestartingWorker } from './restartingWorker';
import YamlWorker from './yaml.worker.ts?worker';

/**
 * Monaco cancels a language request (hover, validation, a worker call) when its model or editor
 * goes away, and rejects the request's promise with a CancellationError ("Canceled") that nothing
 * awaits: switching views while a worker answers leaves an unhandled rejection that is not an
 * error of the studio. Only that one is absorbed; every other rejection still surfaces.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('unhandledrejection', (e) => {
    const r = e.reason as { name?: unknown; message?: unknown } | null;
    if (r && r.name === 'Canceled' && r.message === 'Canceled') e.preventDefault();
  });
}

/** Where models of designs live; the generated YAML's modeline (`$schema=design.schema.json`) resolves next to them. */
export const MODEL_DIR = 'file:///designs/';
export const SCHEMA_URI = `${MODEL_DIR}design.schema.json`;

export function modelUri(docId: string): string {
  return `${MODEL_DIR}${encodeURIComponent(docId)}.design.yaml`;
}

function newWorker(label: string): Worker {
  switch (label) {
    case 'yaml':
      return new YamlWorker();
    case 'json':
      return new JsonWorker();
    default:
      return new EditorWorker();
  }
}

/** A worker for Monaco that starts again if its script could not be fetched (restartingWorker.ts). */
const workerFor = (label: string): Worker => new RestartingWorker(() => newWorker(label)) as unknown as Worker;

self.MonacoEnvironment = { getWorker: (_workerId: string, label: string) => workerFor(label) };

// What 'monaco-editor' (editor.main) adds to the core: a web worker made from a label and
// createData alone, as monaco-yaml's worker manager asks for one.
type WorkerOptions = Parameters<typeof monaco.editor.createWebWorker>[0] & { worker?: unknown; label?: string; createData?: unknown };
const coreCreateWebWorker = monaco.editor.createWebWorker as (o: WorkerOptions) => ReturnType<typeof monaco.editor.createWebWorker>;
(monaco.editor as { createWebWorker: unknown }).createWebWorker = (opts: WorkerOptions) => {
  if (opts.worker !== undefined) return coreCreateWebWorker(opts);
  const worker = workerFor(opts.label ?? 'monaco-editor-worker');
  worker.postMessage('ignore');
  worker.postMessage(opts.createData);
  return coreCreateWebWorker({ ...opts, worker: Promise.resolve(worker) });
};

monaco.languages.register({ id: 'yaml', extensions: ['.yaml', '.yml'], aliases: ['YAML', 'yaml'], mimetypes: ['application/x-yaml', 'text/x-yaml'] });
monaco.languages.setLanguageConfiguration('yaml', yamlLanguage.conf);
monaco.languages.setMonarchTokensProvider('yaml', yamlLanguage.language);

loader.config({ monaco });

const schema = designJsonSchema();
/** URIs the design schema is known under: its own, and those modelines in designs point at. */
const schemaUris = new Set([SCHEMA_URI]);
const yamlSchemas = () => [...schemaUris].map((uri) => ({ uri, fileMatch: uri === SCHEMA_URI ? ['*'] : [], schema }));

// The schema is registered with its content, so the YAML server never requests it (requests
// are off anyway: offline, and a request would be a CSP violation).
const monacoYaml = configureMonacoYaml(monaco, {
  enableSchemaRequest: false,
  validate: true,
  completion: true,
  hover: true,
  schemas: yamlSchemas(),
});

const MODELINE = /^#\s*yaml-language-server:\s*\$schema=(\S+)/m;

/**
 * A modeline (`# yaml-language-server: $schema=../public/design.schema.json`) takes precedence
 * over file associations, and the YAML server would try to fetch what it names and warn that it
 * cannot. When it names a design.schema.json, register our schema under that URI as well.
 */
export function aliasSchemaOf(text: string, documentUri: string): void {
  const ref = MODELINE.exec(text.slice(0, 2000))?.[1];
  if (!ref || !/(^|\/)design\.schema\.json$/.test(ref)) return;
  let uri: string;
  try {
    uri = new URL(ref, documentUri).href;
  } catch {
    return;
  }
  if (schemaUris.has(uri)) return;
  schemaUris.add(uri);
  monacoYaml.update({ schemas: yamlSchemas() });
}
monaco.languages.json.jsonDefaults.setDiagnosticsOptions({
  validate: true,
  enableSchemaRequest: false,
  schemas: [{ uri: SCHEMA_URI, fileMatch: ['*'], schema }],
});

export { monaco };
export type Monaco = typeof monaco;
