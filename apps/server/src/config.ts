import path from 'node:path';
import { z } from 'zod';
import { parseAddressRange } from './lib/address-policy.js';
import { type BucketConfig, parseBucketUrl } from './lib/bucket-url.js';

/**
 * The environment, validated once at start-up. This is the only module that reads `process.env`;
 * everything else receives a `Config`.
 */

const onOff = (fallback: 'on' | 'off') =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'on yoki off bo‘lishi kerak' })
    .default(fallback)
    .transform((value) => value === 'on' || value === 'true' || value === '1');

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Comma-separated entries, each trimmed; empty ones left out. */
const commaList = () =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    );

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.preprocess(emptyToUndefined, z.string().default('::')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('sqlite:./data/portfolio.db')
      .refine((value) => /^sqlite:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value), {
        error: 'sqlite:<fayl> yoki postgres://... bo‘lishi kerak',
      }),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default('Portfolio Master <no-reply@portfolio-master.uz>'),
  ),
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    commaList()
      .transform((emails) => emails.map((email) => email.toLowerCase()))
      .pipe(z.array(z.email())),
  ),
  UPLOAD_DIR: z.preprocess(emptyToUndefined, z.string().default('./data/uploads')),
  MAIL_DIR: z.preprocess(emptyToUndefined, z.string().default('./data/mail')),
  SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['on', 'off', 'true', 'false', '1', '0']).optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  RATE_LIMIT: z.preprocess(emptyToUndefined, onOff('on')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  READ_CACHE: z.preprocess(emptyToUndefined, onOff('on')),
  S3_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => parseBucketUrl(value) !== undefined, {
        error: 'http(s)://KALIT:MAXFIY@host:port/bucket?region=... ko‘rinishida bo‘lishi kerak',
      })
      .optional(),
  ),
  PUBLIC_IMAGE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  IMAGE_PROXY_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'kamida 32 belgi bo‘lishi kerak' }).optional(),
  ),
  ALLOWED_PRIVATE_ADDRESSES: z.preprocess(
    emptyToUndefined,
    commaList().pipe(
      z.array(
        z.string().refine((entry) => parseAddressRange(entry) !== undefined, {
          error: 'IP manzillar yoki CIDR oraliqlari, vergul bilan (masalan 127.0.0.1,10.0.0.0/8)',
        }),
      ),
    ),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { error: 'kamida 16 belgi bo‘lishi kerak' }).optional(),
  ),
  TELEGRAM_BOT_NAME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, { error: 'botning foydalanuvchi nomi (@ siz) bo‘lishi kerak' })
      .optional(),
  ),
  TELEGRAM_BOT_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9]+:[A-Za-z0-9_-]{20,}$/, { error: 'BotFather bergan token ko‘rinishida bo‘lishi kerak' })
      .optional(),
  ),
  TELEGRAM_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  ),
  TELEGRAM_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,256}$/, {
        error: '32–256 ta belgi: lotin harflari, raqamlar, _ va - (Telegram shuni qabul qiladi)',
      })
      .optional(),
  ),
  TELEGRAM_CHANNEL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(@[A-Za-z][A-Za-z0-9_]{3,31}|-?[0-9]{5,20})$/, {
        error: 'Kanal nomi (@nomi) yoki raqamli identifikatori (-100…) bo‘lishi kerak',
      })
      .optional(),
  ),
  GITHUB_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/ }).default('https://api.github.com'),
  ),
  GITHUB_TOKEN: z.preprocess(emptyToUndefined, z.string().max(255).optional()),
  RESPONSE_VALIDATION: z.preprocess(
    emptyToUndefined,
    z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'on yoki off bo‘lishi kerak' }).optional(),
  ),
});

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseConfig;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: ReadonlySet<string>;
  uploadDir: string;
  mailDir: string;
  seedDemo: boolean;
  redisUrl: string | undefined;
  trustProxy: boolean | number | string[] | undefined;
  rateLimit: boolean;
  logLevel: string;
  webDist: string | undefined;
  /** Cache what the API reads for everyone (pages, portfolios, users) until a write changes it. */
  readCache: boolean;
  /** Images in an S3-compatible bucket (`S3_URL`); in `uploadDir` alone when unset. */
  bucket: BucketConfig | undefined;
  /** Where the bucket's objects are public (a CDN): images are redirected there instead of sent. */
  publicImageUrl: string | undefined;
  /**
   * Signs the addresses of pictures from other sites that descriptions show through `/image/remote/`, so
   * the site fetches only what it wrote into a page. Unset: derived from the bucket's secret with `S3_URL`
   * (every instance on the bucket agrees), otherwise a random key kept in `UPLOAD_DIR`.
   */
  imageProxyKey: string | undefined;
  /** Addresses and ranges the picture proxy may fetch from although they are private (local development, tests). */
  allowedPrivateAddresses: readonly string[];
  /**
   * Signing in with Telegram (its Login Widget), when both the bot's name and its token are set; the token
   * only checks what the widget hands over and never leaves the server.
   */
  telegram: { botName: string; botToken: string; botId: string } | undefined;
  /**
   * The Bot API server the bot talks to: Telegram's own, or a self-hosted one (the tests run a stand-in
   * on 127.0.0.1).
   */
  telegramApiUrl: string;
  /**
   * What Telegram sends in `X-Telegram-Bot-Api-Secret-Token` with each update to the webhook. With it and
   * an https `publicUrl`, updates come through the webhook; otherwise one instance polls for them.
   */
  telegramWebhookSecret: string | undefined;
  /**
   * The site's Telegram channel (`@name` or its numeric id), where the bot (an admin there) posts new
   * portfolios and the week's best; unset, nothing is posted.
   */
  telegramChannel: string | undefined;
  /**
   * GitHub's REST API ("GitHub’dan olish" and the repositories' stars): GitHub's own, or a stand-in (the
   * tests run one on 127.0.0.1).
   */
  githubApiUrl: string;
  /** A token for GitHub's API (more requests an hour); without it GitHub allows 60 an hour per address. */
  githubToken: string | undefined;
  /** `/metrics` answers only with this bearer token; unset, it is not there. */
  metricsToken: string | undefined;
  /**
   * Check every answer against the contract's schema before sending it (development and tests), rather
   * than only writing it with serialisers compiled from those schemas (production).
   */
  validateResponses: boolean;
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The configuration, or undefined after saying on stderr what is wrong with the environment. */
export function loadConfigOrExplain(): Config | undefined {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return undefined;
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Sozlamalar noto‘g‘ri (environment):\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if ((env.TELEGRAM_BOT_NAME === undefined) !== (env.TELEGRAM_BOT_TOKEN === undefined)) {
    throw new ConfigError(
      'Sozlamalar noto‘g‘ri (environment):\n  TELEGRAM_BOT_NAME va TELEGRAM_BOT_TOKEN birga berilishi kerak',
    );
  }
  const seedDemo =
    env.SEED_DEMO === undefined ? env.NODE_ENV !== 'production' : ['on', 'true', '1'].includes(env.SEED_DEMO);
  const database: DatabaseConfig = env.DATABASE_URL.startsWith('sqlite:')
    ? { dialect: 'sqlite', file: env.DATABASE_URL.slice('sqlite:'.length) }
    : { dialect: 'postgres', url: env.DATABASE_URL };
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    database,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminEmails: new Set(env.ADMIN_EMAILS),
    uploadDir: path.resolve(env.UPLOAD_DIR),
    mailDir: path.resolve(env.MAIL_DIR),
    seedDemo,
    redisUrl: env.REDIS_URL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimit: env.RATE_LIMIT,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    readCache: env.READ_CACHE,
    metricsToken: env.METRICS_TOKEN,
    telegram:
      env.TELEGRAM_BOT_NAME && env.TELEGRAM_BOT_TOKEN
        ? {
            botName: env.TELEGRAM_BOT_NAME,
            botToken: env.TELEGRAM_BOT_TOKEN,
            // The token's first part is the bot's public user id, which the widget asks Telegram about.
            botId: env.TELEGRAM_BOT_TOKEN.split(':')[0]!,
          }
        : undefined,
    telegramApiUrl: env.TELEGRAM_API_URL.replace(/\/+$/, ''),
    telegramWebhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
    telegramChannel: env.TELEGRAM_CHANNEL,
    githubApiUrl: env.GITHUB_API_URL.replace(/\/+$/, ''),
    githubToken: env.GITHUB_TOKEN,
    bucket: env.S3_URL === undefined ? undefined : parseBucketUrl(env.S3_URL),
    publicImageUrl: env.PUBLIC_IMAGE_URL?.replace(/\/+$/, ''),
    imageProxyKey: env.IMAGE_PROXY_KEY,
    allowedPrivateAddresses: env.ALLOWED_PRIVATE_ADDRESSES,
    validateResponses:
      env.RESPONSE_VALIDATION === undefined
        ? env.NODE_ENV !== 'production'
        : ['on', 'true', '1'].includes(env.RESPONSE_VALIDATION),
  };
}
