// A question measured: would the `yaml` package's document API (node ranges,
// LineCounter, maxAliasCount) do the loader's work (src/core/model/positions.ts: js-yaml's
// events, refusals of hostile input, a source map) faster or in less code shipped?
// - parse + map: the text to a value with the line of one path, on the largest example and on
//   a 100-table design made from it; median of 30 (js-yaml path = parseYamlWithPositions, the
//   loader's own; yaml = parseDocument with a LineCounter, toJS, getIn(path).range);
// - hostile: an alias bomb, 10,000 nested lists, 10,000 keys in one mapping: time to an answer
//   and what the answer is (refused with a position, a crash, or a value);
// - shipped: each parser's part of a minified, gzipped browser bundle.
import { build } from 'esbuild';
import { dump, load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LineCounter, parseDocument } from 'yaml';
import { importBundle, ROOT, src } from './bundle.mjs';

const out = (name, value, unit, extra = {}) => console.log(JSON.stringify({ name, value, unit, ...extra }));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const round = (x) => Math.round(x * 1000) / 1000;
const { parseYamlWithPositions } = await importBundle(`export { parseYamlWithPositions } from ${src('src/core/model/positions.ts')};`);

const example = readFileSync(join(ROOT, 'examples/iot-multitenant.yaml'), 'utf8');
const base = load(example);
const big = dump(
  { ...base, tables: Array.from({ length: 100 }, (_, i) => base.tables.map((t) => ({ ...t, name: `${t.name}_${i}` }))).flat() },
  { lineWidth: -1 },
);
const PATH = ['tables', 0, 'rowKey', 'fields', 'device', 'max'];

const viaJsYaml = (text) => {
  const r = parseYamlWithPositions(text, 'bench.yaml');
  return { value: r.value, line: r.map.lineCol(r.map.valueAt(PATH)).line };
};
const viaYaml = (text) => {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) throw doc.errors[0];
  const value = doc.toJS({ maxAliasCount: 1000 });
  return { value, line: lineCounter.linePos(doc.getIn(PATH, true).range[0]).line };
};
const time = (f, text, n = 30) => {
  for (let i = 0; i < 5; i++) f(text);
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    f(text);
    xs.push(performance.now() - t0);
  }
  return round(median(xs));
};
for (const [name, text] of [
  ['example', example],
  ['100x-example', big],
]) {
  const a = viaJsYaml(text);
  const b = viaYaml(text);
  const same = JSON.stringify(a.value) === JSON.stringify(b.value) && a.line === b.line;
  const js = time(viaJsYaml, text);
  const y = time(viaYaml, text);
  out(`yaml-parsers.parse-and-map.${name}`, js, 'ms', { jsYaml: js, yaml: y, yamlPerJsYaml: round(y / js), bytes: text.length, sameValueAndLine: same });
}

const answer = (f, text) => {
  const t0 = performance.now();
  let what;
  try {
    const r = f(text);
    what = `value (${JSON.stringify(r.value ?? null).length} chars of JSON)`;
  } catch (e) {
    what =
      e instanceof RangeError || /call stack/.test(String(e?.message)) ? `crash: ${e.message}` : `refused: ${String(e.message).split('\n')[0].slice(0, 90)}`;
  }
  return { ms: round(performance.now() - t0), what };
};
const parseOnly = {
  jsYaml: (text) => ({ value: parseYamlWithPositions(text, 'bench.yaml').value }),
  yaml: (text) => {
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
    if (doc.errors.length) throw doc.errors[0];
    return { value: doc.toJS({ maxAliasCount: 1000 }) };
  },
};
const bomb = [
  'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
  ...Array.from(
    { length: 8 },
    (_, i) =>
      `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
        .fill(`*${String.fromCharCode(97 + i)}`)
        .join(',')}]`,
  ),
].join('\n');
const hostile = {
  'alias-bomb': bomb,
  'nested-10000': `${'['.repeat(10000)}${']'.repeat(10000)}`,
  // MAX_KEYS, the most a design's mapping may hold: yaml's duplicate-key check is quadratic.
  'keys-10000': Array.from({ length: 10000 }, (_, i) => `k${i}: ${i}`).join('\n'),
};
for (const [name, text] of Object.entries(hostile)) {
  const jsYaml = answer(parseOnly.jsYaml, text);
  out(`yaml-parsers.hostile.${name}`, jsYaml.ms, 'ms', { jsYaml, yaml: answer(parseOnly.yaml, text) });
}

const shipped = async (code) => {
  const r = await build({
    stdin: { contents: code, resolveDir: ROOT },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    logLevel: 'error',
  });
  return Math.round(gzipSync(r.outputFiles[0].contents, { level: 9 }).byteLength / 102.4) / 10;
};
out('yaml-parsers.shipped-gzip', await shipped(`export { parseEvents, constructFromEvents } from 'js-yaml';`), 'KB', {
  jsYamlEvents: await shipped(`export { parseEvents, constructFromEvents } from 'js-yaml';`),
  jsYamlEventsAndDump: await shipped(`export { parseEvents, constructFromEvents, dump } from 'js-yaml';`),
  yamlDocumentApi: await shipped(`export { parseDocument, LineCounter } from 'yaml';`),
  yamlDocumentApiAndStringify: await shipped(`export { parseDocument, LineCounter, stringify } from 'yaml';`),
  note: 'the studio keeps js-yaml for the dump either way unless the YAML writer moves too',
});
