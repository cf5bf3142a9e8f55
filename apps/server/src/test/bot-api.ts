import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Telegram's Bot API server on 127.0.0.1, speaking the shape grammY uses:
 * `POST /bot<token>/<method>` with a JSON or form body, answered `{ ok: true, result }` or
 * `{ ok: false, error_code, description, parameters? }`. It keeps a queue of updates that `getUpdates`
 * long-polls (honouring `offset` and `timeout`), records every call and every message sent, and fails
 * `sendMessage` to a chat as a test asks (403 for a bot blocked, 429 with `retry_after`).
 */

/** Resolves once `check` holds, trying every 20 ms; fails after `ms`. The bot's work happens in the background. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 8000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface BotApiCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
}

export interface SentMessage {
  chatId: string;
  /** The text, or a photo's caption. */
  text: string;
  /** A photo's address (`sendPhoto`). */
  photo?: string;
  messageId: number;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface BotApiFailure {
  error_code: number;
  description: string;
  retry_after?: number;
}

export const BLOCKED: BotApiFailure = {
  error_code: 403,
  description: 'Forbidden: bot was blocked by the user',
};
export const TOO_MANY = (retryAfter: number): BotApiFailure => ({
  error_code: 429,
  description: `Too Many Requests: retry after ${retryAfter}`,
  retry_after: retryAfter,
});

interface Update {
  update_id: number;
  [field: string]: unknown;
}

type Answer = { ok: true; result: unknown } | { ok: false; failure: BotApiFailure };

export interface StandInBotApi {
  /** The API root to give grammY (`TELEGRAM_API_URL`). */
  url: string;
  calls: BotApiCall[];
  sent: SentMessage[];
  /** The webhook set last (`setWebhook`), or undefined once deleted. */
  webhook: { url: string; secretToken: string | undefined } | undefined;
  /** Queues an update for `getUpdates`; answers its `update_id`. */
  push(update: Record<string, unknown>): number;
  /** Messages deleted (`deleteMessage`). */
  deleted: { chatId: string; messageId: number }[];
  /** Makes each `sendMessage`, `sendPhoto` and `deleteMessage` to `chatId` fail so, until `clearFailure`. */
  failSends(chatId: string | number, failure: BotApiFailure): void;
  /** Fails only the next `times` sends to `chatId`. */
  failNextSends(chatId: string | number, failure: BotApiFailure, times?: number): void;
  clearFailure(chatId: string | number): void;
  /** Sends to `chatId` are recorded but not answered until `releaseHeld` (a sender that dies mid-send). */
  holdSends(chatId: string | number): void;
  releaseHeld(chatId: string | number): void;
  /** Updates queued and not yet confirmed by a later `offset`. */
  pending(): number;
  /** The most `getUpdates` calls that were ever under way at once (one poller makes one at a time). */
  mostPollsAtOnce(): number;
  close(): Promise<void>;
}

/** A private chat's text message as Telegram sends it, with the command entity a `/start` carries. */
export function privateText(chatId: number, text: string, updateFields: Record<string, unknown> = {}) {
  const command = /^\/\w+/.exec(text);
  return {
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Sinov' },
      from: { id: chatId, is_bot: false, first_name: 'Sinov' },
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    },
    ...updateFields,
  };
}

export async function startBotApi(): Promise<StandInBotApi> {
  const calls: BotApiCall[] = [];
  const sent: SentMessage[] = [];
  const queue: Update[] = [];
  const failures = new Map<string, BotApiFailure>();
  const failuresLeft = new Map<string, number>();
  const held = new Map<string, (() => void)[]>();
  const deleted: { chatId: string; messageId: number }[] = [];
  const waiters = new Set<() => void>();
  let nextUpdateId = 1000;
  let polls = 0;
  let mostPolls = 0;
  let messageId = 1;
  const api: StandInBotApi = {
    url: '',
    calls,
    sent,
    webhook: undefined,
    push(update) {
      nextUpdateId += 1;
      queue.push({ ...update, update_id: nextUpdateId });
      for (const wake of [...waiters]) wake();
      return nextUpdateId;
    },
    deleted,
    failSends: (chatId, failure) => failures.set(String(chatId), failure),
    failNextSends(chatId, failure, times = 1) {
      failures.set(String(chatId), failure);
      failuresLeft.set(String(chatId), times);
    },
    clearFailure: (chatId) => {
      failures.delete(String(chatId));
      failuresLeft.delete(String(chatId));
    },
    holdSends: (chatId) => held.set(String(chatId), []),
    releaseHeld(chatId) {
      const waiting = held.get(String(chatId)) ?? [];
      held.delete(String(chatId));
      for (const release of waiting) release();
    },
    pending: () => queue.length,
    mostPollsAtOnce: () => mostPolls,
    close: () =>
      new Promise((resolve) => {
        for (const wake of [...waiters]) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const getUpdates = async (params: Record<string, unknown>, closed: Promise<void>): Promise<Answer> => {
    const offset = Number(params.offset ?? 0);
    // An offset confirms every update before it: they are not sent again.
    while (queue.length > 0 && queue[0]!.update_id < offset) queue.shift();
    if (queue.length === 0 && Number(params.timeout ?? 0) > 0) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, Number(params.timeout) * 1000);
        waiters.add(wake);
        void closed.then(wake);
      });
    }
    return { ok: true, result: queue.slice(0, Number(params.limit ?? 100)) };
  };

  const failureFor = (chatId: string): BotApiFailure | undefined => {
    const failure = failures.get(chatId);
    const left = failuresLeft.get(chatId);
    if (failure && left !== undefined) {
      if (left <= 1) {
        failures.delete(chatId);
        failuresLeft.delete(chatId);
      } else failuresLeft.set(chatId, left - 1);
    }
    return failure;
  };

  const answer = (
    method: string,
    params: Record<string, unknown>,
    closed: Promise<void>,
  ): Promise<Answer> | Answer => {
    switch (method) {
      case 'getMe':
        return {
          ok: true,
          result: { id: 1, is_bot: true, first_name: 'Sinov', username: 'SinovBot', can_join_groups: true },
        };
      case 'setWebhook':
        api.webhook = {
          url: String(params.url),
          secretToken: params.secret_token === undefined ? undefined : String(params.secret_token),
        };
        return { ok: true, result: true };
      case 'deleteWebhook':
        api.webhook = undefined;
        return { ok: true, result: true };
      case 'getUpdates':
        if (api.webhook) {
          return {
            ok: false,
            failure: {
              error_code: 409,
              description: "Conflict: can't use getUpdates method while webhook is active",
            },
          };
        }
        polls += 1;
        mostPolls = Math.max(mostPolls, polls);
        return getUpdates(params, closed).finally(() => (polls -= 1));
      case 'sendMessage':
      case 'sendPhoto': {
        const chatId = String(params.chat_id);
        const failure = failureFor(chatId);
        if (failure) return { ok: false, failure };
        const text = String(method === 'sendPhoto' ? (params.caption ?? '') : params.text);
        messageId += 1;
        const message: SentMessage = {
          chatId,
          text,
          messageId,
          at: Date.now(),
          ...(method === 'sendPhoto' ? { photo: String(params.photo) } : {}),
        };
        const result = {
          ok: true as const,
          result: {
            message_id: message.messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(chatId), type: chatId.startsWith('@') ? 'channel' : 'private' },
            ...(method === 'sendPhoto' ? { caption: text, photo: [] } : { text }),
          },
        };
        const waiting = held.get(chatId);
        // Held: it arrived (and counts as sent), but the sender never hears so.
        sent.push(message);
        if (waiting) return new Promise<Answer>((resolve) => waiting.push(() => resolve(result)));
        return result;
      }
      case 'deleteMessage': {
        const chatId = String(params.chat_id);
        const failure = failureFor(chatId);
        if (failure) return { ok: false, failure };
        deleted.push({ chatId, messageId: Number(params.message_id) });
        return { ok: true, result: true };
      }
      default:
        return { ok: false, failure: { error_code: 404, description: 'Not Found: method not found' } };
    }
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const route = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      const closed = new Promise<void>((resolve) => response.on('close', () => resolve()));
      const send = (status: number, body: unknown) => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || !route) {
        send(404, { ok: false, error_code: 404, description: 'Not Found' });
        return;
      }
      const [, token, method] = route as unknown as [string, string, string];
      const params = parseBody(request.headers['content-type'], Buffer.concat(chunks).toString('utf8'));
      calls.push({ method, token, params });
      void Promise.resolve(answer(method, params, closed)).then((result) => {
        if (result.ok) return send(200, result);
        const { error_code, description, retry_after } = result.failure;
        send(error_code, {
          ok: false,
          error_code,
          description,
          ...(retry_after === undefined ? {} : { parameters: { retry_after } }),
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

function parseBody(contentType: string | undefined, text: string): Record<string, unknown> {
  if (text === '') return {};
  if (contentType?.startsWith('application/json')) return JSON.parse(text) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(text));
}
