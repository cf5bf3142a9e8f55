import type { Translation } from '../types.js';
import type { webDirectory as source } from '../uz-Latn/web-directory.js';

export const webDirectory = {
  'directory.title': 'Разработчики',
  'directory.lead':
    'Разработчики, которые показывают здесь свои работы: ищите по имени, технологии и городу.',
  'directory.description':
    'Разработчики Узбекистана: ищите по портфолио, навыкам, городу и готовности к работе.',
  'directory.search': 'Поиск',
  'directory.searchPlaceholder': 'Имя, логин, заголовок или навык',
  'directory.technology': 'Технология',
  'directory.technologyPlaceholder': 'Например, React',
  'directory.city': 'Регион',
  'directory.anyCity': 'Все регионы',
  'directory.openToWork': 'Только ищущие работу или открытые к предложениям',
  'directory.sort': 'Порядок',
  'directory.sort.liked': 'Больше всего лайков за работы',
  'directory.sort.new': 'Сначала новые',
  'directory.sort.followed': 'Больше всего подписчиков',
  'directory.apply': 'Показать',
  'directory.reset': 'Сбросить фильтры',
  'directory.found':
    '{count, plural, one {# разработчик} few {# разработчика} many {# разработчиков} other {# разработчика}}',
  'directory.empty': 'Пока здесь никого нет',
  'directory.emptyFiltered': 'Под эти условия не подошёл ни один разработчик',
  'directory.portfolios':
    '{count, plural, one {# портфолио} few {# портфолио} many {# портфолио} other {# портфолио}}',
  'directory.likes': '{count, plural, one {# лайк} few {# лайка} many {# лайков} other {# лайка}}',
  'directory.followers':
    '{count, plural, one {# подписчик} few {# подписчика} many {# подписчиков} other {# подписчика}}',
  'directory.verified': 'Подтверждено',
  'directory.all': 'Все разработчики',
} satisfies Translation<typeof source>;
