import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Served {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process serving ${url} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error(`${url} did not start within a minute`);
}

function served(child: ChildProcess, url: string): Served {
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The built API (apps/api/dist, what `pnpm start` runs) in its own process, so its memory can be read on its own. */
export async function startBuiltApi(port: number, env: Record<string, string>): Promise<Served> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: apiDir,
    env: { PATH: process.env['PATH'] ?? '', PORT: String(port), HOST: '127.0.0.1', APP_URL: url, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilServing(url, child);
  return served(child, url);
}

/**
 * The baseline: a bare node:http server giving every request the same answer (the API's bytes and headers, a 304
 * among them), in its own process like the API. It answers /api/health with a 200 so it starts the same way.
 */
export async function startRawServer(
  port: number,
  answer: { status?: number; body: string; headers: Record<string, string> },
): Promise<Served> {
  const url = `http://127.0.0.1:${port}`;
  const source = `
    const http = require('node:http');
    const body = Buffer.from(process.env.BODY, 'utf8');
    const status = Number(process.env.STATUS);
    const headers = { ...JSON.parse(process.env.HEADERS), ...(status === 304 ? {} : { 'content-length': body.length }) };
    http.createServer((request, response) => {
      if (request.url === '/api/health') return response.end('{}');
      response.writeHead(status, headers);
      response.end(body);
    })
      .listen(Number(process.env.PORT), '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], {
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: String(port),
      STATUS: String(answer.status ?? 200),
      BODY: answer.body,
      HEADERS: JSON.stringify(answer.headers),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilServing(url, child);
  return served(child, url);
}

/** Resident memory of a process, from /proc (Linux), in MB. */
export function residentMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
