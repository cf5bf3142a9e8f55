import type { Translation } from '../types.js';
import type { bot as source } from '../uz-Latn/bot.js';

export const bot = {
  'bot.greeting':
    'Hello, {name}! This chat is now linked to your Portfolio Master account: notifications will come here. To stop them, press “Stop receiving in Telegram” in the site’s settings.',
  'bot.linkRefused':
    'This link has expired or has already been used. Press “Receive in Telegram” in the site’s settings again.',
  'bot.notice.comment': '{name} commented on your portfolio “{title}”: “{comment}”\n{link}',
  'bot.notice.reply': '{name} also commented on “{title}”, where you commented: “{comment}”\n{link}',
  'bot.notice.mention': '{name} mentioned you in a comment on “{title}”: “{comment}”\n{link}',
  'bot.notice.mentionDescription': '{name} mentioned you in the description of “{title}”.\n{link}',
  'bot.notice.like':
    '{name}{others, plural, =0 {} one { and # other person} other { and # other people}} liked your portfolio “{title}”.\n{link}',
  'bot.notice.post': '{name}, whom you follow, posted a new portfolio: “{title}”.\n{link}',
  'bot.channel.post': '“{title}” by {name}\n{tags}\n{link}',
  'bot.channel.digestTitle': 'Best of the week',
  'bot.channel.digestLine':
    '{place}. “{title}” by {name}, {likes, plural, one {# like} other {# likes}}\n{link}',
} satisfies Translation<typeof source>;
