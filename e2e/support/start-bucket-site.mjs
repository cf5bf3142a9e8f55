// A second instance of the site for one spec: images in a local S3-compatible bucket (s3rver) that serves
// them publicly itself, as a CDN would (PUBLIC_IMAGE_URL), with demo content on a fresh SQLite database.
// Needs the server built (the Playwright web server's `npm start` has built it before any spec runs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// What a bucket behind a CDN answers for the site's service worker, which asks for images with CORS.
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** @returns {Promise<{ url: string, bucketUrl: string, stop: () => Promise<void> }>} */
export async function startBucketSite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-e2e-bucket-'));
  const bucket = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'images', configs: [CORS] }],
  });
  const { port: bucketPort } = await bucket.run();
  const bucketUrl = `http://127.0.0.1:${bucketPort}/images`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output = [];
  const server = spawn(process.execPath, ['--expose-gc', path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: `sqlite:${path.join(dir, 'portfolio.db')}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      MAIL_DIR: path.join(dir, 'mail'),
      S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${bucketPort}/images`,
      PUBLIC_IMAGE_URL: bucketUrl,
      SEED_DEMO: 'on',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
    },
  });
  for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => output.push(chunk));
  const exited = new Promise((resolve) => server.once('exit', resolve));

  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    await bucket.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Drawing and storing the demo pictures takes a while before the server listens.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the bucket site did not start:\n${Buffer.concat(output).toString()}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return { url, bucketUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
