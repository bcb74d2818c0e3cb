// Real gcloud against a loopback capture server (BIGTABLE-FACTS.md: api_endpoint_overrides and
// disable_credentials), shared by the gcloud export tests (core/export/gcloud.test.ts,
// whole-gcloud.test.ts, core/export/views/gcloud-views.test.ts): the server on 127.0.0.1 that each
// test answers in its own way, a gcloud configuration pointing the Bigtable admin API at it,
// a stub cbt, and a child process runner.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** Whether `gcloud` runs here; the tests skip, saying so, when it does not. */
export const hasGcloud = spawnSync('gcloud', ['--version'], { encoding: 'utf8' }).status === 0;

/** One request the server received. */
export interface CapturedRequest {
  method: string;
  url: URL;
  /** The raw body ('' for none). */
  body: string;
}

/** The test's answer: JSON, with a status (200 unless said). */
export interface CaptureAnswer {
  status?: number;
  json: unknown;
}

export interface CaptureServer {
  port: number;
  close(): Promise<void>;
}

/** A loopback HTTP server answering every request with `answer(request)` as JSON. */
export async function startCaptureServer(answer: (r: CapturedRequest) => CaptureAnswer): Promise<CaptureServer> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const a = answer({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://127.0.0.1'), body });
      res.setHeader('content-type', 'application/json');
      res.statusCode = a.status ?? 200;
      res.end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A Bigtable admin API error body, as Google's APIs send it. */
export const NOT_FOUND = { error: { code: 404, message: 'not found', status: 'NOT_FOUND' } };

export interface GcloudSandboxOptions {
  /** Where the admin API goes (`http://127.0.0.1:<port>/`); none: each run sets CLOUDSDK_API_ENDPOINT_OVERRIDES_BIGTABLEADMIN. */
  port?: number;
  /** The body of the stub `cbt` (a bash script after `#!/bin/bash`). */
  cbt: string;
  /** $INSTANCE for the scripts; none: unset. */
  instance?: string;
}

/**
 * A gcloud configuration in `dir` (project p, no credentials, no prompts, no update checks),
 * a stub `cbt` first on the PATH, and the environment that uses them.
 */
export function gcloudSandbox(dir: string, o: GcloudSandboxOptions): NodeJS.ProcessEnv {
  const config = join(dir, 'gcloud-config');
  mkdirSync(join(config, 'configurations'), { recursive: true });
  writeFileSync(join(config, 'active_config'), 'default');
  const endpoint = o.port === undefined ? '' : `[api_endpoint_overrides]\nbigtableadmin = http://127.0.0.1:${o.port}/\n\n`;
  writeFileSync(
    join(config, 'configurations', 'config_default'),
    `[core]\nproject = p\ndisable_usage_reporting = true\n\n[auth]\ndisable_credentials = true\n\n${endpoint}[component_manager]\ndisable_update_check = true\n`,
  );
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'cbt'), `#!/bin/bash\n${o.cbt}`, { mode: 0o755 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
    CLOUDSDK_CONFIG: config,
    CLOUDSDK_CORE_DISABLE_PROMPTS: '1',
    PROJECT: 'p',
  };
  delete env.BIGTABLE_EMULATOR_HOST;
  if (o.instance === undefined) delete env.INSTANCE;
  else env.INSTANCE = o.instance;
  return env;
}

export interface ProcessResult {
  code: number;
  out: string;
  err: string;
}

/** Runs `cmd` to its end, collecting its output (stdin: written, then closed). */
export function runProcess(cmd: string, args: string[], o: { env: NodeJS.ProcessEnv; cwd: string; stdin?: string }): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { env: o.env, cwd: o.cwd });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => resolve({ code: code ?? -1, out, err }));
    if (o.stdin !== undefined) p.stdin.end(o.stdin);
  });
}
