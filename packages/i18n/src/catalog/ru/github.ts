import type { Translation } from '../types.js';
import type { github as source } from '../uz-Latn/github.js';

export const github = {
  'validation.githubImport.repoUrl': 'Введите адрес репозитория на GitHub',
  'problem.github.address': 'Это не адрес репозитория на GitHub: введите полный адрес страницы репозитория',
  'problem.github.notFound': 'Репозиторий не найден: он закрытый или не существует',
  'problem.github.rateLimited': 'GitHub сейчас ограничивает запросы: попробуйте немного позже',
  'problem.github.unavailable': 'GitHub не ответил: попробуйте немного позже',
  'githubImport.label': 'Адрес репозитория на GitHub',
  'githubImport.hint':
    'Введите адрес открытого репозитория: его имя, начало README, языки и темы заполнят форму. Ничего не сохраняется, пока вы не сохраните.',
  'githubImport.submit': 'Взять с GitHub',
  'githubImport.pending': 'Читаем с GitHub…',
  'githubImport.filled': 'Форма заполнена из репозитория «{name}»: проверьте и сохраните',
  'github.stars': '{stars, plural, one {# звезда} few {# звезды} many {# звёзд} other {# звезды}}',
  'github.starsLabel':
    '{stars, plural, one {# звезда} few {# звезды} many {# звёзд} other {# звезды}} на GitHub',
  'github.language': 'Основной язык: {language}',
} satisfies Translation<typeof source>;
