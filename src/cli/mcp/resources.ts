// The MCP server's resources: the rule pages (one per rule of the registry), the design format
// spec and its JSON Schema, and the example designs. They are the project's own files, read
// from the package the server runs from (docs/, examples/), so they are the ones the CLI and
// the studio ship.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { designJsonSchema } from '../../core/model/schema';
import { RULES } from '../../core/rules/registry';

export interface Resource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  read(): string;
}

const PACKAGE = 'bigtable-schema-studio';

/** The design format's JSON Schema, served once here rather than inlined in every tool. */
export const SCHEMA_URI = 'btstudio://format/design.schema.json';

/** The folder of this package: the nearest parent with our package.json (src/ and dist/ alike). */
export function packageRoot(from = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE) return dir;
      } catch {
        // another package.json on the way up: keep looking
      }
    }
    if (dirname(dir) === dir) throw new Error(`cannot find the ${PACKAGE} package above ${from}`);
  }
}

/** The first Markdown heading or line of a page, as its one-line description. */
function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.replace(/^#+\s*/, '').trim();
}

export function listResources(root = packageRoot()): Resource[] {
  const file =
    (...parts: string[]) =>
    () =>
      readFileSync(join(root, ...parts), 'utf8');
  const out: Resource[] = [
    {
      uri: 'btstudio://format/design-format.md',
      name: 'design-format.md',
      title: 'The design format (bigtable-studio/v1)',
      description: 'The spec of a design file: tables, row-key templates and fields, families, GC rules, queries, load, cluster.',
      mimeType: 'text/markdown',
      read: file('docs', 'design-format.md'),
    },
    {
      uri: SCHEMA_URI,
      name: 'design.schema.json',
      title: 'The JSON Schema of the design format',
      description: 'Draft-07 JSON Schema of a design, generated from the same definitions the loader validates with.',
      mimeType: 'application/schema+json',
      read: () => JSON.stringify(designJsonSchema(), null, 2) + '\n',
    },
  ];
  for (const rule of RULES) {
    const id = rule.meta.id;
    out.push({
      uri: `btstudio://rules/${id}`,
      name: `${id}.md`,
      title: `Rule ${id}`,
      description: `${rule.meta.severity}: ${rule.meta.description}`,
      mimeType: 'text/markdown',
      read: file('docs', 'rules', `${id}.md`),
    });
  }
  for (const name of readdirSync(join(root, 'examples'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const read = file('examples', name);
    out.push({
      uri: `btstudio://examples/${name}`,
      name,
      title: `Example design ${name.replace(/\.yaml$/, '')}`,
      description: exampleDescription(read()),
      mimeType: 'application/yaml',
      read,
    });
  }
  return out;
}

/** The example's own `name:` line, else its file name. */
function exampleDescription(text: string): string {
  const m = /^name:\s*(.+)$/m.exec(text);
  return m ? m[1]!.replace(/^["']|["']$/g, '') : firstLine(text);
}
