import { expect, test } from '@playwright/test';
import { leave, registerByApi } from './support/accounts';
import { open, shot } from './support/pages';
import { TELEGRAM_WEBHOOK_SECRET } from './support/telegram-bot.mjs';

/**
 * Getting notifications through the site's bot, at phone and desktop width: the settings give the bot's
 * link with a one-time start token; Telegram's part (the person pressing Start) is played on the webhook,
 * as Telegram would send it; the settings then show the chat linked, and stopping unlinks it.
 */
test('linking the bot’s chat from the settings, and stopping', async ({ page, request }, info) => {
  const p = `${info.project.name}${Date.now().toString(36)}`;
  const username = `botga_${p}`;
  const token = await registerByApi(request, username, { firstname: 'Sardor', lastname: 'Botov' });
  try {
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await open(page, '/profile?edit=1');
    const section = page.getByRole('region', { name: 'Telegram orqali bildirishnomalar' });
    await section.getByRole('button', { name: 'Telegram orqali olish' }).click();
    const bot = section.getByRole('link', { name: 'Botni ochish' });
    await expect(bot).toBeVisible();
    const address = new URL((await bot.getAttribute('href'))!);
    expect(address.origin + address.pathname).toBe('https://t.me/PortfolioMasterJourneyBot');
    const start = address.searchParams.get('start')!;
    expect(start).toMatch(/^[\w-]{20,}$/);
    await expect(section.getByRole('status')).toContainText('«Start»');
    await shot(page, info, 'telegram-chat-waiting');

    // The person presses Start in Telegram: Telegram sends the bot `/start <token>`.
    const chatId = 900_000_000 + Math.floor(Math.random() * 90_000_000);
    const update = (text: string) => ({
      update_id: chatId,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: 'Sardor' },
        from: { id: chatId, is_bot: false, first_name: 'Sardor' },
        text,
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    });
    const forged = await request.post('/api/telegram/webhook', {
      headers: { 'x-telegram-bot-api-secret-token': 'taxmin' },
      data: update(`/start ${start}`),
    });
    expect(forged.status()).toBe(401);
    const started = await request.post('/api/telegram/webhook', {
      headers: { 'x-telegram-bot-api-secret-token': TELEGRAM_WEBHOOK_SECRET },
      data: update(`/start ${start}`),
    });
    expect(started.status()).toBe(200);

    // The page notices by itself.
    await expect(section.getByText('Telegram ulangan')).toBeVisible({ timeout: 15_000 });
    // Linking turned on for Telegram what is on for mail (likes are off there by default).
    const kinds = section.getByRole('group', { name: 'Bot nimalar haqida yozsin' });
    await expect(kinds.getByRole('checkbox', { name: 'Portfoliomga izoh qoldirilsa' })).toBeChecked();
    await expect(kinds.getByRole('checkbox', { name: 'Portfoliom yoqtirilsa' })).not.toBeChecked();
    await kinds.getByRole('checkbox', { name: 'Portfoliom yoqtirilsa' }).check();
    await expect
      .poll(async () => {
        const settings = await request.get('/api/notifications/settings', { headers: { 'x-token': token } });
        return (await settings.json()).telegram.like;
      })
      .toBe(true);
    await section.scrollIntoViewIfNeeded();
    await shot(page, info, 'telegram-chat-linked');
    const me = await request.get('/api/user/me', { headers: { 'x-token': token } });
    expect((await me.json()).telegramChat.linked).toBe(true);

    // Stopping unlinks it, and the link can be asked for again.
    await section.getByRole('button', { name: 'Telegram orqali olishni to‘xtatish' }).click();
    await expect(section.getByRole('button', { name: 'Telegram orqali olish' })).toBeVisible();
    const after = await request.get('/api/user/me', { headers: { 'x-token': token } });
    expect((await after.json()).telegramChat.linked).toBe(false);
  } finally {
    await leave(request, token);
  }
});
