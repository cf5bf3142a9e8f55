import { Octokit } from '@octokit/core';
import type { GithubRepository } from '@portfolio-master/contract';

/**
 * The few calls the site makes to GitHub's REST API, through Octokit: a repository, its languages and
 * its README. Every answer is read up to a bound and every call gives up after a while, so a hostile or
 * stuck server costs little; GitHub's refusals become a `GithubFailure` of three kinds.
 */

/** Bodies past this are cut: a repository's JSON is a few kilobytes. */
const JSON_BYTES = 256 * 1024;
/** A README is read only this far: its beginning is all that is used. */
export const README_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;
/** A wait GitHub asks for beyond this is taken as this (the reset of its hourly window). */
const LONGEST_WAIT_S = 3600;

export type GithubFailureKind = 'notFound' | 'rateLimited' | 'unavailable';

export class GithubFailure extends Error {
  constructor(
    readonly kind: GithubFailureKind,
    /** For `rateLimited` (and `unavailable`): how long to wait before asking again. */
    readonly retryAfterSeconds = 60,
  ) {
    super(`GitHub: ${kind}`);
    this.name = 'GithubFailure';
  }
}

/** What GitHub says of a repository (the fields used of `GET /repos/{owner}/{repo}`). */
export interface GithubRepositoryInfo {
  name: string;
  fullName: string;
  htmlUrl: string;
  homepage: string | null;
  description: string | null;
  language: string | null;
  stars: number;
  topics: string[];
}

/** What GitHub's rate-limit headers said on the last answer. */
export interface GithubBudget {
  remaining: number | undefined;
  /** When the window resets (ms since the epoch). */
  resetAt: number | undefined;
}

export interface GithubClient {
  repository(repo: GithubRepository): Promise<GithubRepositoryInfo>;
  /** Bytes of code per language, most first. */
  languages(repo: GithubRepository): Promise<[string, number][]>;
  /** The README's beginning (at most `README_BYTES`), or '' when there is none. */
  readme(repo: GithubRepository): Promise<string>;
  /** The rate-limit headers of the latest answer. */
  budget(): GithubBudget;
}

/** A fetch that reads at most `maxBytes` of a body: the rest is dropped unread. */
function boundedFetch(maxBytes: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const reader = response.body?.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (reader) {
      while (size < maxBytes) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value.subarray(0, maxBytes - size));
        size += value.byteLength;
      }
      await reader.cancel().catch(() => undefined);
    }
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    const empty = response.status === 204 || response.status === 304;
    return new Response(empty ? null : Buffer.concat(chunks), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function header(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** How long GitHub asks to wait: `retry-after`, else until `x-ratelimit-reset`; at least a second. */
function waitOf(headers: Record<string, unknown> | undefined, now: number): number {
  const retryAfter = Number(header(headers, 'retry-after'));
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  const seconds =
    Number.isFinite(retryAfter) && retryAfter > 0
      ? retryAfter
      : Number.isFinite(reset) && reset > 0
        ? reset - Math.floor(now / 1000)
        : 60;
  return Math.min(LONGEST_WAIT_S, Math.max(1, Math.ceil(seconds)));
}

/** GitHub's refusal as one of the three kinds the site tells apart. */
function failureOf(error: unknown): GithubFailure {
  if (error instanceof GithubFailure) return error;
  const { status, response } = (error ?? {}) as {
    status?: unknown;
    response?: { headers?: Record<string, unknown> };
  };
  const headers = response?.headers;
  if (
    status === 429 ||
    (status === 403 &&
      (header(headers, 'x-ratelimit-remaining') === '0' || header(headers, 'retry-after') !== undefined))
  ) {
    return new GithubFailure('rateLimited', waitOf(headers, Date.now()));
  }
  // 404 for a missing or private repository; 451 for one blocked; 301 for one moved away (followed by fetch).
  if (status === 404 || status === 410 || status === 451) return new GithubFailure('notFound');
  return new GithubFailure('unavailable');
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function createGithubClient(options: { apiUrl: string; token: string | undefined }): GithubClient {
  const octokit = new Octokit({
    baseUrl: options.apiUrl,
    ...(options.token ? { auth: options.token } : {}),
    userAgent: 'portfolio-master',
    log: silent,
  });
  let latest: GithubBudget = { remaining: undefined, resetAt: undefined };
  const remember = (headers: Record<string, unknown> | undefined) => {
    const remaining = Number(header(headers, 'x-ratelimit-remaining'));
    const reset = Number(header(headers, 'x-ratelimit-reset'));
    latest = {
      remaining: Number.isFinite(remaining) ? remaining : undefined,
      resetAt: Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined,
    };
  };
  async function call(
    route: string,
    repo: GithubRepository,
    extra: Record<string, unknown>,
    maxBytes: number,
  ) {
    try {
      const response = await octokit.request(route, {
        owner: repo.owner,
        repo: repo.name,
        ...extra,
        request: { fetch: boundedFetch(maxBytes), signal: AbortSignal.timeout(TIMEOUT_MS) },
      });
      remember(response.headers as Record<string, unknown>);
      return response.data as unknown;
    } catch (error) {
      remember((error as { response?: { headers?: Record<string, unknown> } }).response?.headers);
      throw failureOf(error);
    }
  }
  const json = (data: unknown): Record<string, unknown> => {
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      throw new GithubFailure('unavailable');
    return data as Record<string, unknown>;
  };
  return {
    budget: () => latest,
    async repository(repo) {
      const data = json(await call('GET /repos/{owner}/{repo}', repo, {}, JSON_BYTES));
      // A token may see a private repository: it is never shown on the site.
      if (data.private === true) throw new GithubFailure('notFound');
      const stars = Number(data.stargazers_count);
      return {
        name: text(data.name) ?? repo.name,
        fullName: text(data.full_name) ?? `${repo.owner}/${repo.name}`,
        // Only an http(s) address of GitHub's own is passed on as the repository's.
        htmlUrl:
          typeof data.html_url === 'string' && /^https?:\/\/[^\s]{1,2000}$/i.test(data.html_url)
            ? data.html_url
            : `https://github.com/${repo.owner}/${repo.name}`,
        homepage: text(data.homepage),
        description: text(data.description),
        language: text(data.language),
        stars: Number.isSafeInteger(stars) && stars >= 0 ? stars : 0,
        topics: Array.isArray(data.topics) ? data.topics.filter((topic) => typeof topic === 'string') : [],
      };
    },
    async languages(repo) {
      const data = json(await call('GET /repos/{owner}/{repo}/languages', repo, {}, JSON_BYTES));
      return Object.entries(data)
        .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] >= 0)
        .sort((a, b) => b[1] - a[1]);
    },
    async readme(repo) {
      try {
        const data = await call(
          'GET /repos/{owner}/{repo}/readme',
          repo,
          { mediaType: { format: 'raw' } },
          README_BYTES,
        );
        if (typeof data === 'string') return data;
        if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
        // A server that ignores the raw media type answers JSON with the file in base64.
        const content = (data as { content?: unknown; encoding?: unknown } | null)?.content;
        if (typeof content === 'string')
          return Buffer.from(content, 'base64').toString('utf8').slice(0, README_BYTES);
        return '';
      } catch (error) {
        if (error instanceof GithubFailure && error.kind === 'notFound') return '';
        throw error;
      }
    },
  };
}
