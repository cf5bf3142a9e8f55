import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
const DEPLOY = path.join(REPOSITORY, 'deploy/nginx');

export interface NginxProcess {
  port: number;
  /** The access log: `<request id> <upstream address> <status> "<request line>"` per line. */
  accessLog(): string[];
  stop(): Promise<void>;
}

/**
 * Debian's nginx running the project's configuration (deploy/nginx) as it is, with `upstreams` (ports on
 * 127.0.0.1) in place of its example instances and listening on `port`, its own files in a new folder.
 * For the cluster tests and `npm run bench:cluster`.
 */
export async function startNginx(port: number, upstreams: readonly number[]): Promise<NginxProcess> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-nginx-'));
  let site = fs.readFileSync(path.join(DEPLOY, 'portfolio-master.conf'), 'utf8');
  site = site.replace(
    /(\s*server 127\.0\.0\.1:\d+[^;]*;)+/,
    upstreams.map((upstream) => `\n    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join(''),
  );
  site = site
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replaceAll('/srv/portfolio-master/', REPOSITORY)
    .replaceAll(
      '/etc/nginx/snippets/portfolio-master-proxy.conf',
      path.join(DEPLOY, 'portfolio-master-proxy.conf'),
    );
  const temporary = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    config,
    `user root;
worker_processes auto;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  log_format upstream '$request_id $upstream_addr $status "$request"';
  access_log ${path.join(prefix, 'access.log')} upstream;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temporary).join('\n  ')}
${site}
}
`,
  );
  const binary = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = spawn(binary, ['-p', prefix, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('nginx did not answer within 10 s');
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    accessLog: () => fs.readFileSync(path.join(prefix, 'access.log'), 'utf8').split('\n').filter(Boolean),
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
