import type { Translation } from '../types.js';
import type { webAuth as source } from '../uz-Latn/web-auth.js';

export const webAuth = {
  'auth.loginTitle': 'Вход',
  'auth.loginLead': 'Введите почту или имя пользователя и пароль.',
  'auth.emailOrUsername': 'Почта или имя пользователя',
  'auth.password': 'Пароль',
  'auth.submitLogin': 'Войти',
  'auth.noAccount': 'Нет аккаунта? <0>Зарегистрируйтесь</0>',
  'auth.haveAccount': 'Уже есть аккаунт? <0>Войдите</0>',
  'auth.loginLink': 'Войти',
  'auth.loginRequiredTitle': 'Войдите в систему',
  'auth.loginRequired': 'Чтобы открыть эту страницу, сначала войдите.',

  'auth.verifyTitle': 'Регистрация',
  'auth.verifyStep': 'Шаг 1: подтвердите почту',
  'auth.verifyLead':
    'Введите адрес почты. Мы отправим на него ссылку, чтобы продолжить регистрацию. Ссылка действует 24 часа.',
  'auth.email': 'Почта',
  'auth.sendLink': 'Отправить ссылку',
  'auth.sent':
    'Ссылка отправлена на {email}. Проверьте почту (в том числе папку «Спам») и откройте ссылку из письма.',
  'auth.sendAgain': 'Отправить на другой адрес',

  'auth.registerTitle': 'Регистрация',
  'auth.registerStep': 'Шаг 2: данные аккаунта',
  'auth.registerLead': 'Почта подтверждена. Теперь заполните данные аккаунта.',
  'auth.missingLinkTitle': 'Нужна ссылка для подтверждения',
  'auth.missingLink':
    'Чтобы зарегистрироваться, сначала подтвердите почту: мы отправим вам ссылку, и она вернёт вас на эту страницу со всеми данными.',
  'auth.goVerify': 'Подтвердить почту',
  'auth.required': 'Обязательные поля',
  'auth.optional': 'Дополнительно (необязательно)',
  'auth.submitRegister': 'Зарегистрироваться',
  'auth.passwordHint': 'Не меньше 8 символов',
  'auth.registered': 'Добро пожаловать! Ваш аккаунт создан.',
  'auth.linkExpired':
    'Если ссылка устарела или уже была использована, получите новую. <0>Подтвердить почту</0>',

  'account.forgotLink': 'Забыли пароль?',
  'account.forgotTitle': 'Восстановление пароля',
  'account.forgotLead':
    'Введите почту своего аккаунта. Мы отправим на неё ссылку, чтобы задать новый пароль. Ссылка действует 1 час.',
  'account.sendResetLink': 'Отправить ссылку',
  'account.resetSent':
    'Если аккаунт с адресом {email} существует, на него отправлена ссылка для восстановления пароля. Проверьте почту (в том числе папку «Спам»).',
  'account.otherAddress': 'Отправить на другой адрес',
  'account.backToLogin': 'Вернуться ко входу',

  'account.resetTitle': 'Новый пароль',
  'account.resetLead': 'Введите новый пароль. После сохранения выполнится выход на всех других устройствах.',
  'account.newPassword': 'Новый пароль',
  'account.saveNewPassword': 'Сохранить пароль',
  'account.passwordReset': 'Пароль изменён. Выполнен выход на других устройствах.',
  'account.missingToken': 'Ссылка неполная. Скопируйте ссылку из письма целиком или запросите новую.',
  'account.askAgain': 'Запросить новую ссылку',

  'account.confirmTitle': 'Новый адрес почты',
  'account.confirming': 'Подтверждаем…',
  'account.confirmedTo': 'Адрес почты изменён на {email}.',
  'account.confirmed': 'Адрес почты изменён.',
  'account.toProfile': 'Перейти в профиль',

  'account.settingsTitle': 'Настройки аккаунта',
  'account.emailSection': 'Смена адреса почты',
  'account.emailLead':
    'Текущий адрес: {email}. Мы отправим ссылку для подтверждения на новый адрес; адрес изменится, когда вы её откроете.',
  'account.noEmailLead':
    'У вашего аккаунта нет адреса почты. Если добавите его, мы отправим на него ссылку для подтверждения; адрес сохранится, когда вы её откроете.',
  'account.newEmail': 'Новая почта',
  'account.currentPassword': 'Текущий пароль',
  'account.sendConfirmation': 'Отправить ссылку для подтверждения',
  'account.confirmationSent': 'Ссылка для подтверждения отправлена на {email}. Откройте её в течение часа.',

  'account.dataSection': 'Мои данные',
  'account.dataLead':
    'Всё, что сайт хранит о вас: профиль, портфолио, комментарии, отметки «нравится», список изображений и входы — в одном файле JSON.',
  'account.download': 'Скачать мои данные',
  'account.downloaded': 'Файл {name} скачан',

  'account.deleteSection': 'Удаление аккаунта',
  'account.deleteLead':
    'Вместе с аккаунтом навсегда удаляются все ваши портфолио, комментарии, отметки «нравится» и изображения. Это нельзя отменить.',
  'account.deleteButton': 'Удалить мой аккаунт',
  'account.deleteConfirm':
    'Ваш аккаунт и всё, что в нём есть, будут удалены навсегда. Вы точно хотите его удалить?',
  'account.deleteOk': 'Да, удалить',
  'account.deleted': 'Ваш аккаунт удалён. Спасибо, что пользовались Portfolio Master.',

  'telegram.or': 'или',
  'telegram.signIn': 'Войти через Telegram',
  'telegram.register': 'Зарегистрироваться через Telegram',
  'telegram.registerLead': 'При регистрации через Telegram почта и пароль не нужны: их можно добавить позже.',
  'telegram.unavailable':
    'Кнопка Telegram не загрузилась: проверьте подключение к интернету и обновите страницу.',
  'telegram.section': 'Вход через Telegram',
  'telegram.linkedLead': 'Ваш аккаунт привязан к Telegram: вы можете входить через Telegram без пароля.',
  'telegram.unlinkedLead': 'Привяжите Telegram, чтобы входить в аккаунт через Telegram без пароля.',
  'telegram.link': 'Привязать Telegram',
  'telegram.unlink': 'Отвязать Telegram',
  'telegram.onlyWay':
    'Telegram — единственный способ войти в ваш аккаунт. Прежде чем отвязать его, задайте пароль.',
  'telegram.linked': 'Telegram привязан к вашему аккаунту.',
  'telegram.unlinked': 'Telegram отвязан от вашего аккаунта.',
  'telegram.confirmLead':
    'У вашего аккаунта нет пароля: чтобы подтвердить это действие, снова войдите через Telegram. После этого действие выполнится само.',
  'telegram.confirm': 'Подтвердить через Telegram',
  'telegram.setPassword': 'Задать пароль',
  'telegram.setPasswordLead': 'С паролем вы сможете входить и по почте (или имени пользователя) и паролю.',
  'telegram.welcome': 'Добро пожаловать! Ваш аккаунт создан через Telegram. Заполните свой профиль.',
} satisfies Translation<typeof source>;
