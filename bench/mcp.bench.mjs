// `btstudio mcp`: from spawning the server to its first answer (initialize, then tools/list),
// median of 7 starts, beside a bare `node -e ''` start in the same run (the anchor).
import { spawn, spawnSync } from 'node:child_process';

const RUNS = 7;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function firstAnswer() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['bin/btstudio.mjs', 'mcp'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    let initialized = 0;
    child.stdout.on('data', (d) => {
      out += d;
      const lines = out.split('\n').filter(Boolean);
      if (!initialized && lines.length >= 1) {
        initialized = performance.now() - t0;
        child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
        child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) + '\n');
      }
      if (lines.length >= 2) {
        const listed = performance.now() - t0;
        child.stdin.end();
        child.on('exit', () => resolve({ initialized, listed }));
      }
    });
    child.on('error', reject);
    child.stdin.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
      }) + '\n',
    );
  });
}

const node = [];
const init = [];
const list = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', '']);
  node.push(performance.now() - t0);
  const r = await firstAnswer();
  init.push(r.initialized);
  list.push(r.listed);
}
const anchor = median(node);
const round = (x) => Math.round(x * 10) / 10;
console.log(
  JSON.stringify({
    name: 'mcp-start-to-initialize',
    value: round(median(init)),
    unit: 'ms',
    anchor: 'node -e ""',
    anchorMs: round(anchor),
    ratio: round(median(init) / anchor),
    target: 300,
  }),
);
console.log(
  JSON.stringify({
    name: 'mcp-start-to-tools-list',
    value: round(median(list)),
    unit: 'ms',
    anchor: 'node -e ""',
    anchorMs: round(anchor),
    ratio: round(median(list) / anchor),
    target: 300,
  }),
);
