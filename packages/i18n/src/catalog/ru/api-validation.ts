import type { Translation } from '../types.js';
import type { apiValidation as source } from '../uz-Latn/api-validation.js';

export const apiValidation = {
  'validation.text.nul': 'В тексте есть недопустимый символ (U+0000)',
  'validation.boolean': 'Значение должно быть true или false',
  'validation.number.type': 'Значение {field} должно быть числом',
  'validation.number.integer': 'Значение {field} должно быть целым числом',
  'validation.number.tooSmall': 'Значение {field} должно быть не меньше {min}',
  'validation.number.tooBig': 'Значение {field} должно быть не больше {max}',

  'validation.email.required': 'Укажите email',
  'validation.email.tooLong':
    'Email должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.email.format': 'Неверный адрес электронной почты',
  'validation.username.required': 'Укажите имя пользователя',
  'validation.username.tooShort':
    'Имя пользователя должно быть не короче {min, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.username.tooLong':
    'Имя пользователя должно быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.username.format': 'Имя пользователя может содержать только латинские буквы, цифры и _ . -',
  'validation.username.taken': 'Это имя пользователя уже занято',
  'validation.mention.prefix': 'Введите начало имени пользователя: латинские буквы, цифры, «_», «.» или «-»',
  'validation.password.required': 'Введите пароль',
  'validation.password.tooShort':
    'Пароль должен быть не короче {min, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.password.tooLong':
    'Пароль должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.currentPassword.required': 'Введите текущий пароль',
  'validation.currentPassword.type': 'Текущий пароль должен быть текстом',
  'validation.login.required': 'Введите email или имя пользователя',
  'validation.login.tooLong': 'Email или имя пользователя слишком длинные',
  'validation.firstname.required': 'Укажите имя',
  'validation.firstname.tooLong':
    'Имя должно быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.lastname.required': 'Укажите фамилию',
  'validation.lastname.tooLong':
    'Фамилия должна быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.description.type': 'Описание должно быть текстом',
  'validation.description.tooLong':
    'Описание должно быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.imageAlt.type': 'Описание изображения должно быть текстом',
  'validation.imageAlt.tooLong': 'Описание изображения не длиннее {max} символов',
  'validation.imageAlt.control': 'Описание изображения должно быть одной строкой текста',
  'validation.imageAlt.tooMany': 'Описаний изображений не может быть больше, чем изображений',
  'validation.skills.item': 'Навык должен быть текстом',
  'validation.skills.itemTooLong':
    'Навык должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.skills.list': 'Неверный список навыков',
  'validation.skills.tooMany':
    'Можно указать не больше {max, plural, one {# навыка} few {# навыков} many {# навыков} other {# навыка}}',
  'validation.githubProfile.type': 'Профиль GitHub должен быть текстом',
  'validation.githubProfile.tooLong':
    'Профиль GitHub должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.githubProfile.format': 'Профиль GitHub — это ссылка (https://...) или имя пользователя',
  'validation.telegramProfile.type': 'Профиль Telegram должен быть текстом',
  'validation.telegramProfile.tooLong':
    'Профиль Telegram должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.telegramProfile.format': 'Профиль Telegram — это ссылка (https://...) или имя пользователя',
  'validation.link.incomplete': 'Ссылка неполная',
  'validation.link.invalid': 'Неверная ссылка',
  'validation.telegram.invalid': 'Неверные данные Telegram',
  'validation.telegram.incomplete': 'Данные Telegram неполные',
  'validation.notificationKind': 'Неверный тип уведомления',

  'validation.title.required': 'Укажите название',
  'validation.title.tooShort':
    'Название должно быть не короче {min, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.title.tooLong':
    'Название должно быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.url.required': 'Укажите адрес проекта',
  'validation.url.tooLong':
    'Адрес проекта должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.url.format': 'Адрес проекта должен начинаться с http:// или https://',
  'validation.repoUrl.type': 'Адрес репозитория должен быть текстом',
  'validation.repoUrl.tooLong':
    'Адрес репозитория должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.repoUrl.format': 'Адрес репозитория должен начинаться с http:// или https://',
  'validation.status.value': 'Статус должен быть «draft» или «published»',
  'validation.coauthor.username': 'Введите имя пользователя',
  'validation.draftId.type': 'Неверный идентификатор черновика',
  'validation.technologies.required': 'Укажите хотя бы одну технологию',
  'validation.technologies.item': 'Технология должна быть текстом',
  'validation.technologies.itemTooLong':
    'Название технологии должно быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.technologies.list': 'Неверный список технологий',
  'validation.technologies.tooMany':
    'Не больше {max, plural, one {# технологии} few {# технологий} many {# технологий} other {# технологии}}',
  'validation.filter.itemTooLong': 'Слишком длинное название технологии',
  'validation.filter.tooMany': 'Слишком много технологий в фильтре',
  'validation.search.tooLong':
    'Поисковый запрос должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.comment.required': 'Введите текст комментария',
  'validation.comment.tooLong':
    'Комментарий должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.comment.parent': 'Комментарий, на который вы отвечаете, указан неверно',

  'validation.headline.type': 'Краткое описание должно быть текстом',
  'validation.headline.tooLong':
    'Краткое описание должно быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.city.unknown': 'Выберите регион из списка',
  'validation.website.type': 'Адрес сайта должен быть текстом',
  'validation.website.tooLong':
    'Адрес сайта должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.website.format': 'Адрес сайта должен начинаться с http:// или https://',
  'validation.linkedin.type': 'Профиль LinkedIn должен быть текстом',
  'validation.linkedin.tooLong':
    'Профиль LinkedIn должен быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.linkedin.format': 'Профиль LinkedIn — это ссылка вида https://www.linkedin.com/in/...',
  'validation.experience.list': 'Неверный список мест работы',
  'validation.experience.tooMany':
    'Можно указать не больше {max, plural, one {# места работы} few {# мест работы} many {# мест работы} other {# места работы}}',
  'validation.experience.entry': 'Неверные данные о месте работы',
  'validation.experience.roleRequired': 'Укажите должность',
  'validation.experience.roleTooLong':
    'Должность должна быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.experience.companyRequired': 'Укажите название компании',
  'validation.experience.companyTooLong':
    'Название компании должно быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.experience.month': 'Дата — это год и месяц, например 2024-09',
  'validation.experience.order': 'Начало работы не может быть позже её окончания',
  'validation.education.list': 'Неверный список учебных заведений',
  'validation.education.tooMany':
    'Можно указать не больше {max, plural, one {# учебного заведения} few {# учебных заведений} many {# учебных заведений} other {# учебного заведения}}',
  'validation.education.entry': 'Неверные данные об образовании',
  'validation.education.schoolRequired': 'Укажите учебное заведение',
  'validation.education.schoolTooLong':
    'Название учебного заведения должно быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.education.fieldType': 'Специальность должна быть текстом',
  'validation.education.fieldTooLong':
    'Специальность должна быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.education.year': 'Год должен быть целым числом, например 2020',
  'validation.education.order': 'Год начала учёбы не может быть позже года окончания',
  'validation.years.range': 'Год должен быть от {min} до {max}',
  'validation.openToWork.type': 'Неверные данные о поиске работы',
  'validation.openToWork.status': 'Неверный статус поиска работы',
  'validation.openToWork.role': 'Должность должна быть текстом',
  'validation.openToWork.roleTooLong':
    'Должность должна быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.openToWork.roles': 'Неверный список должностей',
  'validation.openToWork.tooManyRoles':
    'Можно указать не больше {max, plural, one {# должности} few {# должностей} many {# должностей} other {# должности}}',
  'validation.openToWork.employment': 'Неверный тип занятости',
  'validation.affiliation.type': 'Неверные данные об организации',
  'validation.affiliation.kind': 'Неверный тип организации',
  'validation.affiliation.nameRequired': 'Укажите название организации',
  'validation.affiliation.nameTooLong':
    'Название организации должно быть не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}',
  'validation.pinned.list': 'Неверный список закреплённых работ',
  'validation.pinned.item': 'Неверный идентификатор работы',
  'validation.pinned.tooMany':
    'Можно закрепить не больше {max, plural, one {# работы} few {# работ} many {# работ} other {# работы}}',
  'validation.pinned.duplicate': 'Одна работа закреплена дважды',
  'validation.pinned.notYours': 'Закреплять можно только свои работы',

  'validation.invalidType':
    '{expected, select, string {Ожидался текст} number {Ожидалось число} boolean {Ожидалось true или false} object {Ожидался объект} array {Ожидался список} other {Неверный тип значения}}',
  'validation.tooSmall':
    '{origin, select, string {Не короче {min, plural, one {# символа} few {# символов} many {# символов} other {# символа}}} array {Не меньше {min, plural, one {# элемента} few {# элементов} many {# элементов} other {# элемента}}} other {Не меньше {min}}}',
  'validation.tooBig':
    '{origin, select, string {Не длиннее {max, plural, one {# символа} few {# символов} many {# символов} other {# символа}}} array {Не больше {max, plural, one {# элемента} few {# элементов} many {# элементов} other {# элемента}}} other {Не больше {max}}}',
  'validation.invalidFormat': 'Неверный формат значения',
  'validation.invalidValue': 'Значение {field} должно быть одним из: {values}',
  'validation.unrecognizedKeys': 'Неизвестные поля: {keys}',
  'validation.invalid': 'Неверное значение',
} satisfies Translation<typeof source>;
