import { Bot } from 'grammy';
import type { Config } from '../../config.js';

/**
 * The site's bot through grammY, talking to `TELEGRAM_API_URL`; undefined without a bot token. What the
 * bot is (its id and name) is known from the configuration, so building it asks Telegram nothing.
 */
export function createBot(config: Pick<Config, 'telegram' | 'telegramApiUrl'>): Bot | undefined {
  const { telegram } = config;
  if (!telegram) return undefined;
  return new Bot(telegram.botToken, {
    // A call waits at most a minute (a long poll asks for 25 seconds), not grammY's default 500 seconds.
    client: { apiRoot: config.telegramApiUrl, timeoutSeconds: 60 },
    botInfo: {
      id: Number(telegram.botId),
      is_bot: true,
      first_name: telegram.botName,
      username: telegram.botName,
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    },
  });
}
