import type { Translation } from '../types.js';
import type { mails as source } from '../uz-Latn/mails.js';

export const mails = {
  'mail.greeting': 'Здравствуйте!',
  'mail.buttonFallback': 'Если кнопка не работает, скопируйте ссылку в браузер:',
  'mail.notYou': 'Если это были не вы, ничего делать не нужно.',
  'mail.signIn': 'Войти',

  'mail.verification.subject': 'Portfolio Master: подтвердите адрес электронной почты',
  'mail.verification.body':
    'Чтобы продолжить регистрацию на Portfolio Master, откройте ссылку ниже. Ссылка действует 24 часа, и воспользоваться ею можно только один раз.',
  'mail.verification.action': 'Продолжить регистрацию',
  'mail.verification.ignore':
    'Если вы не собирались регистрироваться, просто не обращайте внимания на это письмо.',
  'mail.alreadyRegistered.subject': 'Portfolio Master: у вас уже есть аккаунт',
  'mail.alreadyRegistered.body':
    'Кто-то попытался зарегистрироваться с этим адресом, но аккаунт с ним уже есть. Чтобы войти, откройте ссылку ниже.',

  'mail.passwordReset.subject': 'Portfolio Master: восстановление пароля',
  'mail.passwordReset.body':
    'Для вашего аккаунта запрошено восстановление пароля. Чтобы задать новый пароль, откройте ссылку ниже. Ссылка действует 1 час, и воспользоваться ею можно только один раз.',
  'mail.passwordReset.action': 'Задать новый пароль',
  'mail.passwordReset.ignore':
    'Если вы этого не запрашивали, просто не обращайте внимания на это письмо: ваш пароль не изменится.',
  'mail.noAccount.subject': 'Portfolio Master: аккаунта с этим адресом нет',
  'mail.noAccount.body':
    'Кто-то запросил восстановление пароля для этого адреса, но аккаунта с ним на Portfolio Master нет. Если хотите зарегистрироваться, откройте ссылку ниже.',
  'mail.noAccount.action': 'Зарегистрироваться',
  'mail.passwordChanged.subject': 'Portfolio Master: ваш пароль изменён',
  'mail.passwordChanged.body':
    'Пароль вашего аккаунта только что изменён, а все входы на других устройствах завершены.',
  'mail.passwordChanged.action': 'Восстановить пароль',
  'mail.passwordChanged.notYou': 'Если это сделали не вы, немедленно восстановите пароль.',

  'mail.emailChange.subject': 'Portfolio Master: подтвердите новый адрес',
  'mail.emailChange.body':
    'Для вашего аккаунта Portfolio Master запрошена смена адреса электронной почты на этот. Чтобы подтвердить её, откройте ссылку ниже. Ссылка действует 1 час, и воспользоваться ею можно только один раз.',
  'mail.emailChange.action': 'Подтвердить новый адрес',
  'mail.emailChange.ignore': 'Если вы этого не запрашивали, просто не обращайте внимания на это письмо.',
  'mail.emailInUse.subject': 'Portfolio Master: этот адрес занят',
  'mail.emailInUse.body':
    'Для другого аккаунта запрошена смена адреса на этот, но аккаунт с этим адресом уже есть, поэтому ничего не изменилось.',
  'mail.emailChanged.subject': 'Portfolio Master: адрес вашей почты изменён',
  'mail.emailChanged.body':
    'Адрес электронной почты вашего аккаунта изменён на {email}. Теперь письма и ссылки для восстановления пароля будут приходить туда.',
  'mail.emailChanged.notYou': 'Если это сделали не вы, сразу сообщите нам по адресу внизу сайта.',
  'mail.accountDeleted.subject': 'Portfolio Master: ваш аккаунт удалён',
  'mail.accountDeleted.body':
    'Аккаунт @{username} и все его портфолио, комментарии, отметки «нравится» и изображения удалены. Спасибо, что пользовались Portfolio Master.',

  'mail.comment.subject': 'Portfolio Master: комментарий к вашему портфолио «{title}»',
  'mail.comment.line': 'Новый комментарий от {name} к вашему портфолио «{title}»: «{comment}»',
  'mail.comment.action': 'Посмотреть комментарий',
  'mail.reply.subject': 'Portfolio Master: новый комментарий в обсуждении «{title}»',
  'mail.reply.line':
    'Новый комментарий от {name} к портфолио «{title}», которое вы комментировали: «{comment}»',
  'mail.reply.action': 'Открыть обсуждение',
  'mail.mention.subject': 'Portfolio Master: {name} упомянул(а) вас',
  'mail.mention.line': '{name} упомянул(а) вас в комментарии к портфолио «{title}»: «{comment}»',
  'mail.mention.lineDescription': '{name} упомянул(а) вас в описании портфолио «{title}».',
  'mail.like.subject': 'Portfolio Master: ваше портфолио «{title}» понравилось',
  'mail.like.line':
    'Ваше портфолио «{title}» понравилось пользователю {name}{others, plural, =0 {} one { и ещё # пользователю} few { и ещё # пользователям} many { и ещё # пользователям} other { и ещё # пользователя}}.',
  'mail.post.subject': 'Portfolio Master: новое портфолио от {name}',
  'mail.post.line': 'У автора {name}, на которого вы подписаны, новое портфолио: «{title}».',
  'mail.viewPortfolio': 'Посмотреть портфолио',
  'mail.unsubscribe': 'Если не хотите получать такие письма, отключите их одним нажатием: {link}',
} satisfies Translation<typeof source>;
