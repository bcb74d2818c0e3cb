// The design itself, as YAML (with the editor modeline) or JSON: what `import` reads back.
import { dump } from 'js-yaml';
import { fileSafe, type Exporter } from './common';

export const exportDesign: Exporter = (design, _table, options) => {
  const base = fileSafe(design.name.toLowerCase());
  if (options.as === 'json') {
    return { text: `${JSON.stringify(design, null, 2)}\n`, filename: `${base}.json`, mime: 'application/json', notes: [] };
  }
  const yaml = dump(design, { lineWidth: 100, noRefs: true });
  return { text: `# yaml-language-server: $schema=design.schema.json\n${yaml}`, filename: `${base}.yaml`, mime: 'application/yaml', notes: [] };
};
