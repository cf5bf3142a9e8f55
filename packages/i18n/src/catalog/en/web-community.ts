import type { Translation } from '../types.js';
import type { webCommunity as source } from '../uz-Latn/web-community.js';

export const webCommunity = {
  'comments.title': 'Comments ({count})',
  'comments.more': 'More comments',
  'comments.empty': 'No comments yet',
  'comments.loginPrompt': 'Sign in to write a comment!',
  'comments.label': 'Your comment',
  'comments.placeholder': 'Write a comment...',
  'comments.submit': 'Send',
  'comments.delete': 'Delete comment',
  'comments.deleteConfirm': 'Delete this comment?',

  'notifications.title': 'Notifications',
  'notifications.bell': '{unread, plural, =0 {Notifications} other {Notifications: # unread}}',
  'notifications.unread': 'unread',
  'notifications.empty':
    'No notifications yet. When your portfolios get comments or likes, you will see them here.',
  'notifications.comment': '{actor} commented on your portfolio “{title}”',
  'notifications.reply': '{actor} also commented on “{title}”',
  'notifications.like':
    '{actor}{others, plural, =0 {} one { and # other person} other { and # other people}} liked your portfolio “{title}”',
  'notifications.post': '{actor} posted a new portfolio: “{title}”',
  'notifications.settingsSection': 'Email notifications',
  'notifications.settingsLead':
    'Choose what you want to hear about by email. Notifications on the site are always shown.',
  'notifications.kinds.comment': 'Someone comments on my portfolio',
  'notifications.kinds.like': 'Someone likes my portfolio',
  'notifications.kinds.reply': 'Someone comments where I commented',
  'notifications.kinds.post': 'An author I follow posts a new portfolio',
  'notifications.settingsSaved': 'Settings saved',
  'notifications.unsubscribeTitle': 'Unsubscribe from emails',
  'notifications.unsubscribing': 'Working on it…',
  'notifications.unsubscribed':
    'You will no longer get emails for “{kind}”. You can turn them back on in the account settings of your profile.',

  'report.open': 'Report',
  'report.openComment': 'Report comment',
  'report.title': 'Report',
  'report.about.portfolio': 'Portfolio: “{label}”',
  'report.about.comment': 'Comment: “{label}”',
  'report.about.user': 'User: {label}',
  'report.reason': 'Reason',
  'report.reasons.spam': 'Spam or advertising',
  'report.reasons.offensive': 'Offensive or inappropriate',
  'report.reasons.copyright': 'Someone else’s work (copyright)',
  'report.reasons.personal': 'Personal information disclosed',
  'report.reasons.other': 'Something else',
  'report.reasonRequired': 'Choose a reason for the report',
  'report.details': 'Details (optional)',
  'report.detailsHint': 'Up to {max} characters',
  'report.submit': 'Send',
  'report.sent': 'Your report has been sent. Thank you!',

  'notices.portfolioHidden': 'This portfolio was hidden by a moderator. Reason: {reason}',
  'notices.profileHidden': 'Your profile was hidden by a moderator. Reason: {reason}',
  'notices.blockedUntil': 'You cannot post until {date}. Reason: {reason}',
  'notices.blockedForGood': 'You can no longer post. Reason: {reason}',

  'telegramChat.title': 'Notifications in Telegram',
  'telegramChat.lead': 'The site’s bot writes to you in Telegram about comments, replies and likes.',
  'telegramChat.link': 'Get them in Telegram',
  'telegramChat.open': 'Open the bot',
  'telegramChat.waiting':
    'Press “Start” in Telegram: once the chat is linked, it shows here. The link works for 15 minutes.',
  'telegramChat.linked': 'Telegram is linked',
  'telegramChat.kinds': 'What the bot writes about',
  'telegramChat.unlink': 'Stop getting them in Telegram',
} satisfies Translation<typeof source>;
