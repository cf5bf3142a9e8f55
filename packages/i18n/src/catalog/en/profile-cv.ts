import type { Translation } from '../types.js';
import type { profileCv as source } from '../uz-Latn/profile-cv.js';

export const profileCv = {
  'city.toshkent-shahri': 'Tashkent city',
  'city.toshkent': 'Tashkent Region',
  'city.andijon': 'Andijan Region',
  'city.buxoro': 'Bukhara Region',
  'city.fargona': 'Fergana Region',
  'city.jizzax': 'Jizzakh Region',
  'city.xorazm': 'Khorezm Region',
  'city.namangan': 'Namangan Region',
  'city.navoiy': 'Navoiy Region',
  'city.qashqadaryo': 'Kashkadarya Region',
  'city.samarqand': 'Samarkand Region',
  'city.sirdaryo': 'Syrdarya Region',
  'city.surxondaryo': 'Surkhandarya Region',
  'city.qoraqalpogiston': 'Republic of Karakalpakstan',
  'city.boshqa': 'Another country',

  'employment.full': 'Full-time',
  'employment.part': 'Part-time',
  'employment.freelance': 'Freelance',
  'employment.internship': 'Internship',

  'workStatus.looking': 'Looking for work',
  'workStatus.open': 'Open to offers',
  'workStatus.not': 'Not looking for work',

  'affiliation.itpark': 'IT Park resident',
  'affiliation.company': 'Company',
  'affiliation.university': 'University',

  'moderation.done.affiliationVerify': 'Verified the organisation',
  'moderation.done.affiliationUnverify': 'Removed the organisation’s verification',
} satisfies Translation<typeof source>;
