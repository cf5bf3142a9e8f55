// Builds the site, starts it on a fresh database with demo content and measures what a phone gets:
// Lighthouse (mobile, default simulated throttling) on the list, a portfolio and a profile, the first
// visit's JavaScript, and whether the largest paint is in the server's HTML.
//
//   npm run perf:web [-- --runs 3] [--only 'a CV']
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const onlyArg = process.argv.indexOf('--only');
/** `--only <text>`: just the pages whose name holds it. */
const only = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The first visit's scripts as the built HTML names them, with their gzip (.gz beside them) and brotli sizes. */
function firstVisitScripts(html) {
  const dist = path.join(root, 'apps/web/dist');
  const files = [
    ...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload"[^>]*href)="\/(assets\/[^"]+\.js)"/g),
  ].map((match) => match[1]);
  const size = (file, suffix) => {
    const compressed = path.join(dist, `${file}${suffix}`);
    if (fs.existsSync(compressed)) return fs.statSync(compressed).size;
    const raw = fs.readFileSync(path.join(dist, file));
    return suffix === '.gz' ? zlib.gzipSync(raw, { level: 9 }).length : zlib.brotliCompressSync(raw).length;
  };
  return {
    files,
    gzip: files.reduce((sum, file) => sum + size(file, '.gz'), 0),
    brotli: files.reduce((sum, file) => sum + size(file, '.br'), 0),
  };
}

console.log('building…');
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-perf-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['dist/server.js'], {
  cwd: path.join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'perf.db')}`,
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    MAIL_DIR: path.join(dataDir, 'mail'),
    SEED_DEMO: 'on',
    LOG_LEVEL: 'warn',
    MALLOC_ARENA_MAX: '2',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

try {
  await waitFor(`${base}/api/portfolio/technologies`);
  const list = await (await fetch(`${base}/api/portfolio?page=1`)).json();
  const withImage = list.items.find((item) => item.images.length > 0) ?? list.items[0];
  const pages = [
    { name: '/page/1', url: `${base}/page/1` },
    { name: 'a portfolio', url: `${base}/portfolio/${encodeURIComponent(withImage.linktitle)}` },
    { name: 'a profile', url: `${base}/profile/${encodeURIComponent(withImage.author.username)}` },
    { name: '/people', url: `${base}/people` },
    // The other languages' pages carry their own messages (decision 38).
    { name: '/ru/page/1', url: `${base}/ru/page/1` },
    {
      name: 'a portfolio in English',
      url: `${base}/en/portfolio/${encodeURIComponent(withImage.linktitle)}`,
    },
    {
      name: 'a profile in Cyrillic',
      url: `${base}/uz-Cyrl/profile/${encodeURIComponent(withImage.author.username)}`,
    },
    // A profile's print-ready CV (decision 41): a page of its own, with no JavaScript.
    { name: 'a CV', url: `${base}/profile/${encodeURIComponent(withImage.author.username)}/cv` },
  ];

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const page of pages.filter((each) => !only || each.name.includes(only))) {
      const html = await (await fetch(page.url)).text();
      const scores = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
      const metrics = { lcp: [], tbt: [], fcp: [], cls: [] };
      let lcpElement = '';
      let failures = 0;
      for (let run = 0; run < runs; run += 1) {
        const { lhr } = await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(scores),
        });
        if (lhr.runtimeError) {
          console.warn(
            `${page.name}: run ${run + 1} failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message}); again`,
          );
          run -= 1;
          if ((failures += 1) > 3) throw new Error('Lighthouse keeps failing');
          continue;
        }
        for (const category of Object.keys(scores))
          scores[category].push(Math.round(lhr.categories[category].score * 100));
        metrics.lcp.push(lhr.audits['largest-contentful-paint'].numericValue);
        metrics.tbt.push(lhr.audits['total-blocking-time'].numericValue);
        metrics.fcp.push(lhr.audits['first-contentful-paint'].numericValue);
        metrics.cls.push(lhr.audits['cumulative-layout-shift'].numericValue);
        const item = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
        lcpElement = item?.snippet ?? lcpElement;
      }
      // The element Lighthouse names as the largest paint (an image: its file, whichever width the
      // browser picked from the srcset), looked up in the server's own HTML.
      const file = /src="[^"]*\/image\/([^"?]+)/.exec(lcpElement)?.[1];
      const tag = file
        ? [...html.matchAll(/<img[^>]*>/g)]
            .map((match) => match[0])
            .find((img) => img.includes(`/image/${file}`))
        : undefined;
      const inHtml = file
        ? Boolean(tag)
        : html.includes(
            lcpElement
              .replace(/<[^>]+>/g, '')
              .trim()
              .slice(0, 40),
          );
      const highPriority = tag ? /fetchpriority="high"/i.test(tag) : null;
      const scripts = firstVisitScripts(html);
      rows.push({
        page: page.name,
        performance: median(scores.performance),
        'performance (runs)': scores.performance.join(' '),
        accessibility: median(scores.accessibility),
        'best practices': median(scores['best-practices']),
        seo: median(scores.seo),
        'LCP ms': Math.round(median(metrics.lcp)),
        'TBT ms': Math.round(median(metrics.tbt)),
        'FCP ms': Math.round(median(metrics.fcp)),
        CLS: Number(median(metrics.cls).toFixed(3)),
        'JS KB gzip': Number((scripts.gzip / 1024).toFixed(1)),
        'JS KB brotli': Number((scripts.brotli / 1024).toFixed(1)),
        'LCP element': lcpElement.slice(0, 60),
        'LCP in HTML': inHtml,
        'LCP fetchpriority=high': highPriority,
      });
    }
  } finally {
    await chrome.kill();
  }
  console.log(
    `\nLighthouse ${JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile, ${runs} runs per page (medians)\n`,
  );
  console.table(rows);
} finally {
  stop();
}
