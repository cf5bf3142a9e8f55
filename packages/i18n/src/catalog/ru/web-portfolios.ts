import type { Translation } from '../types.js';
import type { webPortfolios as source } from '../uz-Latn/web-portfolios.js';

export const webPortfolios = {
  'list.title': 'Портфолио',
  'list.filterDescription':
    'Портфолио разработчиков, сделанные на {technologies}: {total, plural, one {# проект} few {# проекта} many {# проектов} other {# проекта}}. Смотрите, отмечайте понравившиеся и комментируйте.',
  'list.empty': 'Пока нет ни одного портфолио',
  'list.emptyFiltered': 'По этому запросу ничего не найдено',
  'list.resetFilters': 'Показать все портфолио',
  'list.found':
    '{count, plural, one {# результат} few {# результата} many {# результатов} other {# результата}}',
  'list.searchingFor': 'Поиск по запросу «{query}»',
  'list.sortLabel': 'Сортировка',
  'list.sorts.new': 'Новые',
  'list.sorts.popular': 'Самые популярные',
  'list.sorts.discussed': 'Самые обсуждаемые',
  'list.sorts.trending': 'В тренде',
  'list.weekBest': 'Лучшее за неделю',

  'filter.title': 'Технологии',
  'filter.show': 'Показать фильтр',
  'filter.hide': 'Скрыть фильтр',
  'filter.clear': 'Сбросить фильтр',
  'filter.apply': 'Применить',
  'filter.empty': 'Пока нет ни одной технологии',

  'card.likes':
    '{count, plural, one {# отметка «нравится»} few {# отметки «нравится»} many {# отметок «нравится»} other {# отметки «нравится»}}',
  'card.comments':
    '{count, plural, one {# комментарий} few {# комментария} many {# комментариев} other {# комментария}}',
  'card.cover': 'Обложка «{title}»',
  'card.image': '«{title}» — изображение {number}',

  'portfolio.like': 'Нравится',
  'portfolio.unlike': 'Убрать отметку «нравится»',
  'portfolio.likeLogin': 'Войдите, чтобы отметить',
  'portfolio.project': 'Открыть проект',
  'portfolio.repository': 'Посмотреть код',
  'portfolio.technologies': 'Технологии',
  'portfolio.description': 'Описание',
  'portfolio.noDescription': 'Описания пока нет',
  'portfolio.edit': 'Редактировать',
  'portfolio.delete': 'Удалить',
  'portfolio.deleteConfirm': 'Удалить это портфолио? Это действие нельзя отменить.',
  'portfolio.deleted': 'Портфолио удалено',
  'portfolio.notFoundTitle': 'Портфолио не найдено',
  'portfolio.notFound': 'Такого портфолио нет или оно было удалено.',
  'portfolio.sliderLabel': 'Изображения',
  'portfolio.previousImage': 'Предыдущее изображение',
  'portfolio.nextImage': 'Следующее изображение',
  'portfolio.showImage': 'Показать изображение {number}',
  'portfolio.published': 'Опубликовано',
  'portfolio.metaDescription': 'Портфолио «{title}», автор — {author}.',
  'portfolio.metaDescriptionUsing': 'Портфолио «{title}», автор — {author}: {technologies}.',

  'portfolioForm.createTitle': 'Добавить портфолио',
  'portfolioForm.editTitle': 'Редактировать портфолио',
  'portfolioForm.title': 'Название',
  'portfolioForm.url': 'Адрес проекта',
  'portfolioForm.urlHint': 'Адрес, начинающийся с https:// или http://',
  'portfolioForm.repoUrl': 'Адрес репозитория (необязательно)',
  'portfolioForm.channelOptOut': 'Не публиковать в Telegram-канале сайта',
  'portfolioForm.used': 'Технологии',
  'portfolioForm.usedHint': 'Через запятую: React, TypeScript, Node.js',
  'portfolioForm.description': 'Описание',
  'portfolioForm.descriptionHint': 'Поддерживается Markdown: **жирный**, _курсив_, списки, ссылки, `код`.',
  'portfolioForm.images': 'Изображения',
  'portfolioForm.imagesHint':
    'Не больше {max, plural, one {# изображения} few {# изображений} many {# изображений} other {# изображения}} (JPEG, PNG, WebP, GIF или AVIF, каждое до 10 МБ). Если изображений нет, обложка создаётся автоматически.',
  'portfolioForm.drop': 'Перетащите изображения сюда или',
  'portfolioForm.choose': 'выберите файлы',
  'portfolioForm.tooMany':
    'Можно загрузить не больше {max, plural, one {# изображения} few {# изображений} many {# изображений} other {# изображения}}',
  'portfolioForm.notImage': '{name} — не изображение',
  'portfolioForm.tooBig': '{name} больше 10 МБ',
  'portfolioForm.moveLeft': 'Переместить вперёд ({number})',
  'portfolioForm.moveRight': 'Переместить назад ({number})',
  'portfolioForm.remove': 'Убрать ({number})',
  'portfolioForm.first': 'Обложка',
  'portfolioForm.newImage': 'новое',
  'portfolioForm.submitCreate': 'Опубликовать',
  'portfolioForm.submitEdit': 'Сохранить',
  'portfolioForm.uploading': 'Загрузка: {percent}%',
  'portfolioForm.forbidden': 'Редактировать это портфолио может только его автор или администратор.',

  'views.title': 'Просмотры',
  'views.summary':
    'За последние 30 дней ({from} — {to}): {total, plural, one {# уникальный зритель} few {# уникальных зрителя} many {# уникальных зрителей} other {# уникального зрителя}}. Это видите только вы и администраторы.',
  'views.day':
    '{date}: {viewers, plural, one {# зритель} few {# зрителя} many {# зрителей} other {# зрителя}}',
  'views.date': 'Дата',
  'views.viewers': 'Уникальные зрители',

  'likers.title': 'Понравилось',
  'likers.open': 'Понравилось ({count})',
  'likers.more': 'Показать ещё',

  'bookmarks.save': 'Сохранить',
  'bookmarks.saved': 'Сохранено',
  'bookmarks.title': 'Сохранённое',
  'bookmarks.lead': 'Портфолио, которые вы сохранили, чтобы прочитать позже. Их видите только вы.',
  'bookmarks.empty': 'Вы пока ничего не сохранили. Нажмите «Сохранить» на странице портфолио.',
} satisfies Translation<typeof source>;
