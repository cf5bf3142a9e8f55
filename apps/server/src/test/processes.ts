import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { type NginxProcess, startNginx as startNginxOn } from '../ops/nginx.js';
import { freePort } from './faults.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request over a real socket (from `localAddress`, a loopback address, when given). */
export function request(
  port: number,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string | number>;
    body?: string | Buffer;
    localAddress?: string;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { accept: 'application/json', ...options.headers },
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A JSON request over a real socket. */
export function json(port: number, method: string, path: string, body?: unknown, headers = {}) {
  return request(port, {
    method,
    path,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** What it has printed so far. */
  log(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** `npm start`'s server, from the source, as its own process on a free port; resolves once it answers. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      SEED_DEMO: 'off',
      LOG_LEVEL: 'info',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within 60 s:\n${log}`);
    const status = await request(port, { path: '/healthz' }).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    child,
    log: () => log,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export type Nginx = NginxProcess;

/** The project's nginx configuration in front of `upstreams`, on a free port (see ops/nginx.ts). */
export async function startNginx(upstreams: readonly number[]): Promise<Nginx> {
  return startNginxOn(await freePort(), upstreams);
}
