import type { Problem } from '@portfolio-master/contract';
import type { MessageKey } from '@portfolio-master/i18n';
import type { QueryClient } from './query';
import type { Translate } from '../i18n/translator';
import { getToken } from './auth-token';

/** How a request reaches the API: `fetch` in the browser; on the server, a call into the same process. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

const transports = new WeakMap<QueryClient, Transport>();

/** Queries run through `client` send their requests with `transport` (the server's render does this). */
export function setTransport(client: QueryClient, transport: Transport): void {
  transports.set(client, transport);
}

/** What a read may be given: the query cache passes its query function context, which has both. */
export interface ReadContext {
  signal?: AbortSignal;
  client?: QueryClient;
}

/** The four kinds of failure of section 8 of the specification. */
export type ApiErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'HTTP_ERROR';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  /** The problem document (or whatever JSON) the server answered with. */
  readonly data: unknown;

  constructor(kind: ApiErrorKind, status: number | null = null, data: unknown = null) {
    super(kind === 'HTTP_ERROR' ? `HTTP ${status}` : kind);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.data = data;
  }

  get problem(): Partial<Problem> | null {
    return this.data && typeof this.data === 'object' ? (this.data as Partial<Problem>) : null;
  }

  /** Server messages per field (`errors: {field: [message]}`). */
  get fieldErrors(): Record<string, string[]> {
    return this.problem?.errors ?? {};
  }

  get isClientError(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500;
  }
}

const KIND_MESSAGES = {
  FETCH_ERROR: 'errors.fetch',
  TIMEOUT_ERROR: 'errors.timeout',
  PARSING_ERROR: 'errors.parsing',
} as const satisfies Record<Exclude<ApiErrorKind, 'HTTP_ERROR'>, MessageKey>;

/** What a status means when the server said nothing of its own. */
const STATUS_MESSAGES: Partial<Record<number, MessageKey>> = {
  400: 'errors.badRequest',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  409: 'errors.conflict',
  413: 'errors.tooLarge',
  415: 'errors.unsupportedType',
  422: 'errors.invalid',
  429: 'errors.tooManyRequests',
  500: 'errors.server',
};

/** One sentence for any error, in the page's language, for the places that show it. */
export function errorMessage(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.somethingWrong');
  if (error.kind !== 'HTTP_ERROR') return t(KIND_MESSAGES[error.kind]);
  const detail = error.problem?.detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (typeof error.data === 'string' && error.data.trim() && error.data.length < 300) return error.data;
  const known = STATUS_MESSAGES[error.status ?? 0];
  return known ? t(known) : t('errors.http', { status: error.status ?? 0 });
}

export const DEFAULT_TIMEOUT_MS = 20_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object goes as JSON; FormData as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The QueryClient the request runs for, which may carry its own transport. */
  client?: QueryClient;
  timeoutMs?: number;
  /** Send the stored token as `x-token` (default: whenever there is one). */
  auth?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

/** The request header that names the page's language to the API (decision 38). */
const PAGE_LANGUAGE_HEADER = 'x-page-language';

/**
 * The language of the page in the browser (its `<html lang>`): the API's refusals and the mails a request
 * sends speak it, whatever the browser's settings or an earlier choice in another tab say.
 */
function pageLanguage(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.documentElement.lang || undefined;
}

function buildHeaders(options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const language = pageLanguage();
  if (language) headers[PAGE_LANGUAGE_HEADER] = language;
  const token = options.auth === false ? null : getToken();
  if (token) headers['x-token'] = token;
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers['Content-Type'] = 'application/json';
  }
  return headers;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  return JSON.parse(text);
}

/** fetch with a timeout and the error kinds above; resolves with the parsed body and the headers. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  let response: Response;
  let text: string;
  const send = (options.client && transports.get(options.client)) ?? fetch;
  try {
    response = await send(`/api${path}`, {
      method: options.method ?? 'GET',
      headers: buildHeaders(options),
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
    text = await response.text();
  } catch (error) {
    if (timedOut) throw new ApiError('TIMEOUT_ERROR');
    if (options.signal?.aborted) throw error;
    throw new ApiError('FETCH_ERROR');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  let data: unknown;
  try {
    data = parseBody(text);
  } catch {
    if (!response.ok) throw new ApiError('HTTP_ERROR', response.status, text);
    throw new ApiError('PARSING_ERROR', response.status);
  }
  if (!response.ok) throw new ApiError('HTTP_ERROR', response.status, data);
  return { data: data as T, headers: response.headers, status: response.status };
}

export async function apiGet<T>(path: string, context: ReadContext = {}): Promise<T> {
  return (await request<T>(path, { signal: context.signal, client: context.client })).data;
}

/**
 * A read of one thing that may not exist: a 404 is an answer (null), which the page shows as "not found"
 * and the server turns into its status; other failures stay errors.
 */
export async function nullWhenMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Multipart upload through XMLHttpRequest, the only browser API that reports upload progress.
 * Errors come back as the same ApiError kinds as `request`.
 */
export function upload<T>(
  path: string,
  form: FormData,
  options: {
    method?: 'POST' | 'PUT';
    headers?: Record<string, string>;
    auth?: boolean;
    onProgress?: (fraction: number) => void;
    timeoutMs?: number;
  } = {},
): Promise<ApiResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `/api${path}`);
    xhr.timeout = options.timeoutMs ?? 120_000;
    const headers = buildHeaders({ body: form, headers: options.headers, auth: options.auth });
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('FETCH_ERROR'));
    xhr.ontimeout = () => reject(new ApiError('TIMEOUT_ERROR'));
    xhr.onload = () => {
      const responseHeaders = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) responseHeaders.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      let data: unknown;
      try {
        data = parseBody(xhr.responseText);
      } catch {
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(new ApiError('HTTP_ERROR', xhr.status, xhr.responseText));
        } else reject(new ApiError('PARSING_ERROR', xhr.status));
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300) reject(new ApiError('HTTP_ERROR', xhr.status, data));
      else resolve({ data: data as T, headers: responseHeaders, status: xhr.status });
    };
    xhr.send(form);
  });
}
