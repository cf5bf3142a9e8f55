import type { Translation } from '../types.js';
import type { webCommunity as source } from '../uz-Latn/web-community.js';

export const webCommunity = {
  'comments.title': 'Комментарии ({count})',
  'comments.more': 'Ещё комментарии',
  'comments.empty': 'Комментариев пока нет',
  'comments.loginPrompt': 'Войдите, чтобы написать комментарий!',
  'comments.label': 'Ваш комментарий',
  'comments.placeholder': 'Напишите комментарий...',
  'comments.submit': 'Отправить',
  'comments.delete': 'Удалить комментарий',
  'comments.deleteConfirm': 'Удалить этот комментарий?',
  'comments.edit': 'Изменить',
  'comments.editLabel': 'Изменить комментарий',
  'comments.save': 'Сохранить изменения',
  'comments.cancel': 'Отмена',
  'comments.edited': 'изменён',
  'comments.reply': 'Ответить',
  'mentions.label': 'Пользователи для упоминания',
  'mentions.hint':
    'Наберите @ и имя, чтобы увидеть пользователей: выбирайте стрелками вверх и вниз, вставляйте клавишей Enter',
  'mentions.count':
    '{count, plural, one {# предложение} few {# предложения} many {# предложений} other {# предложения}}',
  'comments.replyLabel': 'Ваш ответ',
  'comments.replyPlaceholder': 'Напишите ответ...',
  'comments.replySubmit': 'Отправить ответ',
  'comments.replies': 'Ответы',
  'comments.earlierReplies': 'Предыдущие ответы',
  'comments.deleted': 'Комментарий удалён',

  'notifications.title': 'Уведомления',
  'notifications.bell':
    '{unread, plural, =0 {Уведомления} one {Уведомления: # непрочитанное} few {Уведомления: # непрочитанных} many {Уведомления: # непрочитанных} other {Уведомления: # непрочитанного}}',
  'notifications.unread': 'не прочитано',
  'notifications.empty':
    'Уведомлений пока нет. Когда к вашим портфолио появятся комментарии или отметки «нравится», они будут здесь.',
  // The actor's gender is unknown: the wording avoids a verb that would show it.
  'notifications.comment': 'Новый комментарий от {actor} к вашему портфолио «{title}»',
  'notifications.reply': 'Новый комментарий от {actor} к портфолио «{title}», которое вы комментировали',
  'notifications.mention': '{actor} упомянул(а) вас в комментарии к портфолио «{title}»',
  'notifications.mentionDescription': '{actor} упомянул(а) вас в описании портфолио «{title}»',
  'notifications.like':
    'Ваше портфолио «{title}» понравилось пользователю {actor}{others, plural, =0 {} one { и ещё # пользователю} few { и ещё # пользователям} many { и ещё # пользователям} other { и ещё # пользователя}}',
  'notifications.post': 'Новое портфолио от {actor}: «{title}»',
  'notifications.invite': '{actor} приглашает вас стать соавтором «{title}»',
  'notifications.settingsSection': 'Уведомления по почте',
  'notifications.settingsLead':
    'Выберите, о чём присылать письма на вашу почту. Уведомления на сайте показываются всегда.',
  'notifications.kinds.comment': 'Комментарий к моему портфолио',
  'notifications.kinds.like': 'Отметка «нравится» на моём портфолио',
  'notifications.kinds.reply': 'Новый комментарий там, где я комментировал(а)',
  'notifications.kinds.mention': 'Меня упоминают через @username',
  'notifications.kinds.post': 'Новое портфолио автора, на которого я подписан(а)',
  'notifications.settingsSaved': 'Настройки сохранены',
  'notifications.unsubscribeTitle': 'Отписка от писем',
  'notifications.unsubscribing': 'Выполняется…',
  'notifications.unsubscribed':
    'Письма о событии «{kind}» больше не будут приходить. Их можно снова включить в настройках аккаунта в профиле.',

  'report.open': 'Пожаловаться',
  'report.openComment': 'Пожаловаться на комментарий',
  'report.title': 'Жалоба',
  'report.about.portfolio': 'Портфолио: «{label}»',
  'report.about.comment': 'Комментарий: «{label}»',
  'report.about.user': 'Пользователь: {label}',
  'report.reason': 'Причина',
  'report.reasons.spam': 'Спам или реклама',
  'report.reasons.offensive': 'Оскорбительное или неприемлемое',
  'report.reasons.copyright': 'Чужая работа (авторское право)',
  'report.reasons.personal': 'Раскрыты личные данные',
  'report.reasons.other': 'Другая причина',
  'report.reasonRequired': 'Выберите причину жалобы',
  'report.details': 'Подробности (необязательно)',
  'report.detailsHint':
    'Не больше {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'report.submit': 'Отправить',
  'report.sent': 'Жалоба отправлена. Спасибо!',

  'notices.portfolioHidden': 'Это портфолио скрыто модератором. Причина: {reason}',
  'notices.profileHidden': 'Ваш профиль скрыт модератором. Причина: {reason}',
  'notices.blockedUntil': 'Вам запрещено публиковать до {date}. Причина: {reason}',
  'notices.blockedForGood': 'Вам навсегда запрещено публиковать. Причина: {reason}',

  'telegramChat.title': 'Уведомления в Telegram',
  'telegramChat.lead': 'О комментариях, ответах и лайках вам напишет бот сайта в Telegram.',
  'telegramChat.link': 'Получать в Telegram',
  'telegramChat.open': 'Открыть бота',
  'telegramChat.waiting':
    'Нажмите «Start» в Telegram: когда чат подключится, это будет видно здесь. Ссылка действует 15 минут.',
  'telegramChat.linked': 'Telegram подключён',
  'telegramChat.kinds': 'О чём писать боту',
  'telegramChat.unlink': 'Не получать в Telegram',
} satisfies Translation<typeof source>;
