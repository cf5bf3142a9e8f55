import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What the Telegram Login Widget hands over: every field it signed, and the signature (`hash`). */
export type TelegramPayload = Readonly<Record<string, string | number>>;

/** The Telegram account a checked payload speaks for. */
export interface TelegramIdentity {
  /** Telegram's numeric user id, as decimal text. */
  id: string;
  username: string | null;
  firstName: string;
  lastName: string;
}

export type TelegramCheck =
  | {
      ok: true;
      identity: TelegramIdentity;
      /** Names this payload, to take it once only. */
      payloadHash: string;
      /** When the payload would be refused as too old anyway; until then its use is remembered. */
      expiresAt: Date;
    }
  | { ok: false; reason: 'forged' | 'stale' };

/** Telegram's own advice: data older than a day is not taken. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Clocks differ a little; a payload from further in the future than this was not made by Telegram now. */
const CLOCK_SKEW_SECONDS = 5 * 60;

/**
 * Checks a Login Widget payload as Telegram documents it (https://core.telegram.org/widgets/login#checking-authorization):
 * the data-check string is every received field but `hash`, as `key=value`, sorted by key, joined by
 * line feeds; its HMAC-SHA-256 keyed with the SHA-256 of the bot's token must equal `hash`; and
 * `auth_date` must be recent.
 */
export function checkTelegramLogin(payload: TelegramPayload, botToken: string, now: Date): TelegramCheck {
  const { hash, ...signed } = payload;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: 'forged' };
  const dataCheckString = dataCheckStringOf(signed);
  const expected = signatureOf(dataCheckString, botToken);
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'forged' };

  // Signed by Telegram from here on; what it says is still checked for shape.
  const id = String(signed.id ?? '');
  const authDate = Number(signed.auth_date);
  if (!/^[1-9][0-9]{0,19}$/.test(id) || !Number.isSafeInteger(authDate))
    return { ok: false, reason: 'forged' };
  const ageSeconds = now.getTime() / 1000 - authDate;
  if (ageSeconds < -CLOCK_SKEW_SECONDS) return { ok: false, reason: 'forged' };
  if (ageSeconds > TELEGRAM_MAX_AGE_SECONDS) return { ok: false, reason: 'stale' };

  const text = (key: string) => (typeof signed[key] === 'string' ? signed[key].trim() : '');
  return {
    ok: true,
    identity: {
      id,
      username: text('username') || null,
      firstName: text('first_name'),
      lastName: text('last_name'),
    },
    payloadHash: createHash('sha256').update(dataCheckString).digest('hex'),
    expiresAt: new Date((authDate + TELEGRAM_MAX_AGE_SECONDS) * 1000),
  };
}

/** Signs a payload as Telegram would: for tests, and for the browser journey's stand-in widget. */
export function signTelegramPayload(
  fields: Readonly<Record<string, string | number>>,
  botToken: string,
): Record<string, string | number> {
  return { ...fields, hash: signatureOf(dataCheckStringOf(fields), botToken).toString('hex') };
}

function dataCheckStringOf(fields: Readonly<Record<string, string | number>>): string {
  return Object.keys(fields)
    .sort()
    .map((key) => `${key}=${String(fields[key])}`)
    .join('\n');
}

function signatureOf(dataCheckString: string, botToken: string): Buffer {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString).digest();
}
