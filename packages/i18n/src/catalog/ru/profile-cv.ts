import type { Translation } from '../types.js';
import type { profileCv as source } from '../uz-Latn/profile-cv.js';

export const profileCv = {
  'city.toshkent-shahri': 'Ташкент',
  'city.toshkent': 'Ташкентская область',
  'city.andijon': 'Андижанская область',
  'city.buxoro': 'Бухарская область',
  'city.fargona': 'Ферганская область',
  'city.jizzax': 'Джизакская область',
  'city.xorazm': 'Хорезмская область',
  'city.namangan': 'Наманганская область',
  'city.navoiy': 'Навоийская область',
  'city.qashqadaryo': 'Кашкадарьинская область',
  'city.samarqand': 'Самаркандская область',
  'city.sirdaryo': 'Сырдарьинская область',
  'city.surxondaryo': 'Сурхандарьинская область',
  'city.qoraqalpogiston': 'Республика Каракалпакстан',
  'city.boshqa': 'Другая страна',

  'employment.full': 'Полная занятость',
  'employment.part': 'Частичная занятость',
  'employment.freelance': 'Фриланс',
  'employment.internship': 'Стажировка',

  'workStatus.looking': 'Ищет работу',
  'workStatus.open': 'Открыт к предложениям',
  'workStatus.not': 'Не ищет работу',

  'affiliation.itpark': 'Резидент IT Park',
  'affiliation.company': 'Компания',
  'affiliation.university': 'Университет',

  'moderation.done.affiliationVerify': 'Подтвердил организацию',
  'moderation.done.affiliationUnverify': 'Снял подтверждение организации',
} satisfies Translation<typeof source>;
