import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { startTestBucket } from './faults.js';
import { multipart, pngImage } from './forms.js';
import { startSmtpServer, type TestSmtp, tokenFromMail } from './smtp.js';

export interface TestContext {
  /** The local S3-compatible server, in the `s3` project. */
  bucket: { url: string; dir: string } | undefined;
  app: FastifyInstance;
  config: Config;
  smtp: TestSmtp;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of the dialect under test, sending mail to a real SMTP server.
 * Rate limits are off unless a test turns them on; the log is silent unless a test gives a logger.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'logger' | 'feeds' | 'telegramChannel' | 'githubRefresh'> = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const smtp = await startSmtpServer();
  const bucket = inject('storage') === 's3' ? await startTestBucket() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    MAIL_DIR: path.join(dataDir, 'mail'),
    PUBLIC_URL: 'http://localhost:5173',
    RATE_LIMIT: 'off',
    SEED_DEMO: 'off',
    LOG_LEVEL: 'silent',
    // Nowhere: a test that gives the bot a token and no stand-in of its own reaches no Telegram.
    TELEGRAM_API_URL: 'http://127.0.0.1:9',
    // Nor GitHub: a test that reads GitHub starts its stand-in (github-api.ts).
    GITHUB_API_URL: 'http://127.0.0.1:9',
    ...(bucket ? { S3_URL: bucket.url } : {}),
    ...env,
  });
  const app = await buildApp(config, options);
  await app.ready();
  return {
    app,
    config,
    smtp,
    database,
    dataDir,
    bucket,
    async close() {
      await app.close();
      await smtp.close();
      await bucket?.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const JSON_HEADERS = { accept: 'application/json' };

/** inject with JSON problem documents by default. */
export function call(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...JSON_HEADERS, ...options.headers } });
}

let sequence = 0;

export interface TestUser {
  id: string;
  token: string;
  username: string;
  email: string;
  password: string;
}

/** Signs a new user up through the real flow: mail, link, register. */
export async function signUp(
  context: TestContext,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    firstname: string;
    lastname: string;
  }> = {},
): Promise<TestUser> {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}`;
  const username = overrides.username ?? `user_${unique}`;
  const email = overrides.email ?? `${username.toLowerCase()}@example.uz`;
  const password = overrides.password ?? 'yashil-olma-daraxti-42';
  const token = await verificationToken(context, email);
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/register',
    headers: { token },
    payload: {
      username,
      email,
      password,
      firstname: overrides.firstname ?? 'Ali',
      lastname: overrides.lastname ?? 'Valiyev',
    },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { id: response.json()._id, token: response.headers['x-token'] as string, username, email, password };
}

export async function verificationToken(context: TestContext, email: string): Promise<string> {
  const before = context.smtp.messages.length;
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/register/send-verification',
    payload: { email },
  });
  if (response.statusCode !== 200) throw new Error(`send-verification failed: ${response.body}`);
  const mail = await context.smtp.waitForMail(email, () => context.smtp.messages.length > before);
  return tokenFromMail(mail).token;
}

/** An admin by ADMIN_EMAILS: the context must list admin@example.uz there. */
export const ADMIN_EMAIL = 'admin@example.uz';

/**
 * A portfolio created through the API as the web app sends it, a form with `count` PNG images; fails the
 * test unless it is created. Answers the created portfolio.
 */
export async function createWithImages<T = { _id: string; images: string[] }>(
  app: FastifyInstance,
  user: { token: string },
  count: number,
  fields: Record<string, string> = {},
): Promise<T> {
  const images = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      content: await pngImage(200 + index, 100),
      filename: `i${index}.png`,
      contentType: 'image/png',
    })),
  );
  const form = await multipart({
    title: 'Galereya',
    url: 'https://g.example.uz',
    used: 'Rust',
    ...fields,
    images,
  });
  const response = await call(app, {
    method: 'POST',
    url: '/api/portfolio/create',
    ...form,
    headers: { ...form.headers, 'x-token': user.token },
  });
  if (response.statusCode !== 201)
    throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  return response.json() as T;
}
