import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for GitHub's REST API on 127.0.0.1, speaking the shapes the site reads:
 * `GET /repos/{owner}/{repo}` (the repository, with `topics`), `/repos/{owner}/{repo}/languages` (bytes by
 * language) and `/repos/{owner}/{repo}/readme` (the file itself when `Accept` asks for the raw media type,
 * else JSON with the content in base64). A private or unknown repository is 404 as GitHub answers without
 * a token that sees it. Every answer carries the rate-limit headers (`x-ratelimit-limit`, `-remaining`,
 * `-reset`); once the budget is spent, or a test says so, answers are 403 (or 429) with
 * `x-ratelimit-remaining: 0` and, when asked, `retry-after`.
 */

export interface StandInRepository {
  /** Fields of GitHub's answer to override (`stargazers_count`, `language`, `homepage`, …). */
  fields?: Record<string, unknown>;
  topics?: string[];
  languages?: Record<string, number>;
  /** The README's text; none when absent. */
  readme?: string;
  /** A README of this many bytes, written as it is sent (an enormous one). */
  readmeBytes?: number;
  private?: boolean;
}

export interface GithubApiCall {
  method: string;
  path: string;
  accept: string | undefined;
  authorization: string | undefined;
}

export interface StandInGithubApi {
  /** The API root to give the site (`GITHUB_API_URL`). */
  url: string;
  calls: GithubApiCall[];
  /** Adds (or replaces) a repository, `owner/name`. */
  put(fullName: string, repository: StandInRepository): void;
  /** Requests left in the window; at 0 every answer is the rate limit's. */
  budget: number;
  /** The next answers are the rate limit's, with this status and `retry-after` (seconds) when given. */
  limitRate(limit: { status: 403 | 429; retryAfter?: number; resetInSeconds?: number } | undefined): void;
  /** Answers this path (exactly) with this status, headers and body, whatever it is. */
  answer(path: string, status: number, body: string, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

const notFound = JSON.stringify({
  message: 'Not Found',
  documentation_url: 'https://docs.github.com/rest/repos/repos#get-a-repository',
  status: '404',
});

export async function startGithubApi(): Promise<StandInGithubApi> {
  const repositories = new Map<string, StandInRepository & { fullName: string }>();
  const canned = new Map<string, { status: number; body: string; headers: Record<string, string> }>();
  const calls: GithubApiCall[] = [];
  let rateLimit: { status: 403 | 429; retryAfter?: number; resetInSeconds?: number } | undefined;
  const api: StandInGithubApi = {
    url: '',
    calls,
    budget: 5000,
    put: (fullName, repository) => repositories.set(fullName.toLowerCase(), { ...repository, fullName }),
    limitRate: (limit) => {
      rateLimit = limit;
    },
    answer: (path, status, body, headers = {}) => canned.set(path, { status, body, headers }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    calls.push({
      method: request.method ?? 'GET',
      path,
      accept: request.headers.accept,
      authorization: request.headers.authorization,
    });
    const reset = Math.floor(Date.now() / 1000) + (rateLimit?.resetInSeconds ?? 3600);
    const limited = rateLimit !== undefined || api.budget <= 0;
    if (!limited) api.budget -= 1;
    const rateHeaders = {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(Math.max(0, api.budget)),
      'x-ratelimit-reset': String(reset),
      'x-ratelimit-used': String(5000 - Math.max(0, api.budget)),
      'x-ratelimit-resource': 'core',
    };
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        ...rateHeaders,
        ...headers,
      });
      response.end(body);
    };
    if (limited) {
      const status = rateLimit?.status ?? 403;
      send(
        status,
        JSON.stringify({
          message: 'API rate limit exceeded for 127.0.0.1.',
          documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
        }),
        {
          'x-ratelimit-remaining': '0',
          ...(rateLimit?.retryAfter !== undefined ? { 'retry-after': String(rateLimit.retryAfter) } : {}),
        },
      );
      return;
    }
    const answer = canned.get(path);
    if (answer) {
      send(answer.status, answer.body, answer.headers);
      return;
    }
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/languages|\/readme)?$/.exec(path);
    const repository = match ? repositories.get(`${match[1]}/${match[2]}`.toLowerCase()) : undefined;
    if (request.method !== 'GET' || !match || !repository || repository.private) {
      send(404, notFound);
      return;
    }
    const part = match[3];
    // GitHub answers any casing of the address with the repository's own.
    const [owner, name] = repository.fullName.split('/') as [string, string];
    if (part === '/languages') {
      send(200, JSON.stringify(repository.languages ?? {}));
      return;
    }
    if (part === '/readme') {
      if (repository.readme === undefined && repository.readmeBytes === undefined) {
        send(404, notFound);
        return;
      }
      if (repository.readmeBytes !== undefined) {
        // Written in pieces as GitHub would stream it; a client that stops reading closes the connection.
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', ...rateHeaders });
        const line = Buffer.from(`${'Juda uzun README qatori. '.repeat(40)}\n`);
        let sent = 0;
        const more = () => {
          while (sent < repository.readmeBytes!) {
            sent += line.length;
            if (!response.write(line)) {
              response.once('drain', more);
              return;
            }
          }
          response.end();
        };
        response.on('error', () => undefined);
        more();
        return;
      }
      if ((request.headers.accept ?? '').includes('raw')) {
        send(200, repository.readme!, { 'content-type': 'text/plain; charset=utf-8' });
      } else {
        send(
          200,
          JSON.stringify({
            name: 'README.md',
            path: 'README.md',
            type: 'file',
            encoding: 'base64',
            content: Buffer.from(repository.readme!).toString('base64'),
          }),
        );
      }
      return;
    }
    send(
      200,
      JSON.stringify({
        id: 1,
        name,
        full_name: `${owner}/${name}`,
        private: false,
        owner: { login: owner },
        html_url: `https://github.com/${owner}/${name}`,
        description: null,
        fork: false,
        homepage: null,
        stargazers_count: 0,
        watchers_count: 0,
        language: null,
        topics: repository.topics ?? [],
        default_branch: 'main',
        ...repository.fields,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}
