import type { Translation } from '../types.js';
import type { webSearch as source } from '../uz-Latn/web-search.js';

export const webSearch = {
  'searchPage.title': 'Поиск',
  'searchPage.titleFor': 'Поиск «{query}»',
  'searchPage.description': 'Поиск по портфолио, разработчикам и технологиям.',
  'searchPage.submit': 'Найти',
  'searchPage.tabsLabel': 'Вид результатов',
  'searchPage.tab.portfolios': 'Портфолио',
  'searchPage.tab.people': 'Разработчики',
  'searchPage.tab.technologies': 'Технологии',
  'searchPage.empty': 'Ничего не найдено',
  'searchPage.prompt': 'Напишите, что вы ищете',
  'searchPage.technologyCount':
    '{count, plural, one {# портфолио} few {# портфолио} many {# портфолио} other {# портфолио}}',
  'searchBox.label': 'Поиск по сайту',
  'searchBox.placeholder': 'Портфолио, разработчик, технология',
  'searchBox.suggestions': 'Подсказки',
  'searchBox.count':
    '{count, plural, =0 {Подсказок нет} one {# подсказка} few {# подсказки} many {# подсказок} other {# подсказки}}',
} satisfies Translation<typeof source>;
