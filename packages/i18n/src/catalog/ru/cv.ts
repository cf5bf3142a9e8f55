import type { Translation } from '../types.js';
import type { cv as source } from '../uz-Latn/cv.js';

export const cv = {
  'cv.title': '{name} — резюме',
  'cv.contacts': 'Контакты',
  'cv.email': 'Эл. почта',
  'cv.website': 'Сайт',
  'cv.profile': 'Профиль на Portfolio Master',
  'cv.region': 'Регион',
  'cv.about': 'О себе',
  'cv.skills': 'Навыки',
  'cv.openToWork': 'Поиск работы',
  'cv.roles': 'Должности',
  'cv.employment': 'Занятость',
  'cv.remote': 'Возможна удалённая работа',
  'cv.affiliation': 'Организация',
  'cv.verified': 'Подтверждено администратором',
  'cv.experience': 'Опыт работы',
  'cv.education': 'Образование',
  'cv.present': 'по настоящее время',
  'cv.pinned': 'Избранные работы',
  'cv.technologies': 'Технологии',
  'cv.link': 'Ссылка',
  'cv.formats': 'Скачать:',
  'cv.notFound.title': 'Профиль не найден',
  'cv.notFound.text': 'Такого профиля нет, или он скрыт.',
  'cv.notFound.home': 'На главную',
} satisfies Translation<typeof source>;
