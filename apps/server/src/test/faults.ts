import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the app logs, as parsed lines, for a test to count. */
export function captureLogs(): {
  logger: { level: string; stream: { write(line: string): void } };
  lines: Array<{ level: number; msg: string; part?: string }>;
} {
  const lines: Array<{ level: number; msg: string; part?: string }> = [];
  return {
    lines,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  };
}

/**
 * A TCP hop between the app and a server (PostgreSQL) that can be cut as a restart cuts it: every
 * connection dropped and new ones refused, until `resume` listens on the same port again.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetHost, targetPort);
    await proxy.listen(0);
    return proxy;
  }

  private listen(port: number): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  resume(): Promise<void> {
    return this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Another process holding the SQLite file's write lock (`BEGIN EXCLUSIVE`) until `release`: readers go
 * on (WAL), writers find the database busy.
 */
export async function holdSqliteLock(file: string): Promise<{ release(): Promise<void> }> {
  const program = `
    import SQLite from 'better-sqlite3';
    const db = new SQLite(process.argv[1]);
    db.exec('begin exclusive');
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('rollback'); db.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', program, file], {
    cwd: SERVER_DIR,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return {
    release: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.write('release\n');
      }),
  };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A Redis server of the test's own (`redis-server` from the machine), to stop and start again. */
export class TestRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<TestRedis> {
    const redis = new TestRedis(await freePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  }

  /** Gone at once, as a crash takes it. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

/**
 * A small disk of its own (a tmpfs of `megabytes`), mounted on a new folder; this needs root, as the
 * suite has (CI installs Chromium with apt).
 */
export function mountSmallDisk(megabytes: number): {
  dir: string;
  fill(leaveBytes: number): void;
  empty(): void;
  unmount(): void;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  return {
    dir,
    /** Fills the disk until only about `leaveBytes` are free. */
    fill(leaveBytes: number) {
      const { bavail, bsize } = fs.statfsSync(dir);
      const size = bavail * bsize - leaveBytes;
      const fd = fs.openSync(filler, 'w');
      const block = Buffer.alloc(1024 * 1024);
      for (let written = 0; written < size;) {
        written += fs.writeSync(fd, block, 0, Math.min(block.length, size - written));
      }
      fs.closeSync(fd);
    },
    empty() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The parts of s3rver's file store that `makePutsWhole` replaces. */
interface FilesystemStore {
  rootDirectory: string;
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: {
    bucket: string;
    key: string;
    metadata: unknown;
    content: Buffer | NodeJS.ReadableStream;
  }): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver writes an object in place and answers the PUT before the last bytes are on disk, so a GET at
 * the same moment can read half of it, which S3 never serves. Its puts here write the whole object
 * aside and move it into place, so that the bucket behaves as the real ones do for two instances.
 */
function makePutsWhole(store: FilesystemStore, aside: string): void {
  let count = 0;
  store.putObject = async (object) => {
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(object.content)) chunks.push(object.content);
    else for await (const chunk of object.content) chunks.push(Buffer.from(chunk as Buffer));
    const content = Buffer.concat(chunks);
    const md5 = crypto.createHash('md5').update(content).digest('hex');
    const target = store.getResourcePath(object.bucket, object.key, 'object');
    const temporary = path.join(aside, String((count += 1)));
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(temporary, content);
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    await fs.promises.rename(temporary, target);
    return { size: content.length, md5 };
  };
}

/** A local S3-compatible server (s3rver) with an empty `images` bucket, for `S3_URL`. */
export async function startTestBucket(): Promise<{
  url: string;
  dir: string;
  /** Drops the connection of the next `count` uploads before they are read, as a server closing a kept-alive one does. */
  dropPuts(count: number): void;
  close(): Promise<void>;
}> {
  const { default: S3rver } = await import('s3rver');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'images' }],
  });
  const aside = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-s3-put-'));
  makePutsWhole((server as unknown as { store: FilesystemStore }).store, aside);
  const { port } = await server.run();
  // An instance killed mid-request (the cluster test does it) resets its sockets to the bucket: for S3 a
  // client gone away, not a failure of the process that serves it.
  const listening = (server as unknown as { httpServer: net.Server }).httpServer;
  listening.on('connection', (socket: net.Socket) => socket.on('error', () => undefined));
  listening.on('request', (incoming: NodeJS.ReadableStream) => incoming.on('error', () => undefined));
  let drops = 0;
  listening.prependListener('request', (incoming: http.IncomingMessage) => {
    if (incoming.method !== 'PUT' || drops === 0) return;
    drops -= 1;
    incoming.socket.destroy();
  });
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/images`,
    dir,
    dropPuts(count) {
      drops = count;
    },
    async close() {
      await server.close();
      for (const made of [dir, aside]) fs.rmSync(made, { recursive: true, force: true });
    },
  };
}
