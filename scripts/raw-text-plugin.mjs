// esbuild plugin: `import text from './file.ext?raw'` gives the file's text, as Vite and Vitest
// do (the code-export engines in src/core/export/engines/ are loaded this way).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const rawText = {
  name: 'raw-text',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)), namespace: 'raw-text' }));
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text', watchFiles: [args.path] }));
  },
};
