import type { Translation } from '../types.js';
import type { webCommon as source } from '../uz-Latn/web-common.js';

export const webCommon = {
  'nav.home': 'Главная',
  'nav.create': 'Добавить портфолио',
  'nav.login': 'Войти',
  'nav.register': 'Регистрация',
  'nav.logout': 'Выйти',
  'nav.profile': 'Профиль',
  'nav.following': 'Подписки',
  'nav.saved': 'Сохранённое',
  'nav.about': 'О проекте',
  'nav.openMenu': 'Открыть меню',
  'nav.closeMenu': 'Закрыть меню',
  'nav.mainMenu': 'Главное меню',
  'nav.moderation': 'Модерация',
  'nav.back': 'Назад',

  'footer.contact': 'Контакты',
  'footer.email': 'Эл. почта',
  'footer.phone': 'Телефон',
  'footer.menu': 'Меню',
  'footer.social': 'Соцсети',
  'footer.aboutTitle': 'О Portfolio Master',

  'share.telegram': 'Поделиться в Telegram',
  'share.embed.profile': 'Значок для README',
  'share.embed.portfolio': 'Встроить на свой сайт',
  'share.embed.markdown': 'Markdown (README на GitHub)',
  'share.embed.picture': 'HTML (подстраивается под тёмную тему GitHub)',
  'share.embed.iframe': 'HTML (iframe)',
  'share.embed.address': 'Адрес (Notion, Medium и сайты с oEmbed раскроют его сами)',
  'share.copy': 'Копировать',
  'share.copied': 'Скопировано',
  'share.copyFailed': 'Не удалось скопировать: выделите текст и скопируйте его вручную',
  'resume.title': 'Резюме',
  'resume.page': 'Страница для печати',
  'resume.pdf': 'PDF',
  'resume.json': 'JSON Resume',

  'offline.newVersion': 'Доступна новая версия',
  'offline.update': 'Обновить',

  'feeds.site': 'Portfolio Master — новые портфолио',
  'feeds.technology': '{name} — новые портфолио',
  'feeds.author': '{name} — новые портфолио',

  'pagination.label': 'Страницы',
  'pagination.previous': 'Предыдущая страница',
  'pagination.next': 'Следующая страница',
  'pagination.page': 'Страница {page}',

  'search.placeholder': 'Что вы ищете?',
  'search.label': 'Поиск',
  'search.clear': 'Очистить поиск',

  'dialog.title': 'Внимание!',
  'dialog.ok': 'Да',
  'dialog.cancel': 'Отмена',
  'dialog.close': 'Закрыть',

  'status.loading': 'Загрузка...',
  'status.success': 'Готово',
  'status.error': 'Ошибка',

  'image.loading': 'Изображение загружается',

  'time.seconds':
    '{count, plural, one {# секунду назад} few {# секунды назад} many {# секунд назад} other {# секунды назад}}',
  'time.minutes':
    '{count, plural, one {# минуту назад} few {# минуты назад} many {# минут назад} other {# минуты назад}}',
  'time.hours':
    '{count, plural, one {# час назад} few {# часа назад} many {# часов назад} other {# часа назад}}',
  'time.days':
    '{count, plural, one {# день назад} few {# дня назад} many {# дней назад} other {# дня назад}}',
  'time.months':
    '{count, plural, one {# месяц назад} few {# месяца назад} many {# месяцев назад} other {# месяца назад}}',
  'time.years':
    '{count, plural, one {# год назад} few {# года назад} many {# лет назад} other {# года назад}}',

  'errors.fetch': 'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.',
  'errors.timeout': 'Сервер слишком долго не отвечает. Попробуйте ещё раз чуть позже.',
  'errors.parsing': 'Не удалось прочитать ответ сервера.',
  'errors.http': 'Сервер вернул ошибку ({status}).',
  'errors.badRequest': 'Неверный запрос.',
  'errors.unauthorized': 'Сначала войдите в систему.',
  'errors.forbidden': 'У вас нет прав на это действие.',
  'errors.notFound': 'Запрошенное не найдено.',
  'errors.conflict': 'Эти данные уже заняты.',
  'errors.tooLarge': 'Файл слишком большой.',
  'errors.unsupportedType': 'Файлы этого типа не принимаются.',
  'errors.invalid': 'В данных есть ошибки.',
  'errors.tooManyRequests': 'Слишком много попыток. Попробуйте ещё раз чуть позже.',
  'errors.server': 'На сервере произошла ошибка. Попробуйте ещё раз чуть позже.',
  'errors.checkFields': 'В данных есть ошибки: исправьте отмеченные поля.',
  'errors.retry': 'Повторить',
  'errors.somethingWrong': 'Что-то пошло не так',
  'errors.sectionFailed': 'Не удалось показать этот раздел.',
  'errors.reload': 'Обновить страницу',
  'errors.chunk': 'Не удалось загрузить страницу. Проверьте подключение к интернету и обновите страницу.',

  'notFound.title': 'Страница не найдена',
  'notFound.text': 'Страница, которую вы ищете, не существует или переехала по другому адресу.',
  'notFound.home': 'Вернуться на главную',

  'about.title': 'О проекте',
  'about.intro':
    'Portfolio Master — сообщество для разработчиков. Здесь вы публикуете свои проекты, смотрите работы других, отмечаете понравившиеся и оставляете комментарии.',
  'about.visitorsTitle': 'Для гостей',
  'about.visitors': 'Все портфолио и профили участников можно смотреть без регистрации.',
  'about.membersTitle': 'Для участников',
  'about.members':
    'Зарегистрированные пользователи публикуют, редактируют и удаляют портфолио, отмечают понравившиеся работы, пишут комментарии и редактируют свой профиль.',
  'about.start': 'Добавить портфолио',
  'about.browse': 'Смотреть портфолио',
} satisfies Translation<typeof source>;
