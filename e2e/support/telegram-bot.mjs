// The browser journey's Telegram bot: the server checks sign-in payloads against this token exactly as it
// would against a real bot's, and the journey signs them as Telegram would (Telegram itself cannot be
// reached from the test machine, so its widget script is played by `telegramWidget`).
import { createHash, createHmac } from 'node:crypto';

export const TELEGRAM_BOT_NAME = 'PortfolioMasterJourneyBot';
export const TELEGRAM_BOT_TOKEN = '7000000001:AAJourneyTokenForTheBrowserTests_42';
/** What the journey's server takes as Telegram's word on its webhook (`X-Telegram-Bot-Api-Secret-Token`). */
export const TELEGRAM_WEBHOOK_SECRET = 'journey-webhook-secret-for-the-browser-tests';

/**
 * A Login Widget payload for a Telegram user, signed as Telegram documents: HMAC-SHA-256 of the sorted
 * `key=value` lines, keyed with the SHA-256 of the bot token.
 * @param {Record<string, string | number>} fields
 */
export function signedPayload(fields) {
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(TELEGRAM_BOT_TOKEN).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(check).digest('hex') };
}

/**
 * The stand-in for https://telegram.org/js/telegram-widget.js: `Telegram.Login.auth` hands back the given
 * payloads one per call, as Telegram's window would after the person confirms, and records what it was
 * asked in `window.telegramAsked`.
 * @param {object[]} payloads
 */
export function telegramWidget(payloads) {
  return `(() => {
  const payloads = ${JSON.stringify(payloads)};
  window.telegramAsked = [];
  window.Telegram = { Login: { auth(options, callback) {
    window.telegramAsked.push(options);
    setTimeout(() => callback(payloads.length > 1 ? payloads.shift() : payloads[0]), 50);
  } } };
})();`;
}
