import type { Translation } from '../types.js';
import type { cv as source } from '../uz-Latn/cv.js';

export const cv = {
  'cv.title': '{name} — CV',
  'cv.contacts': 'Contacts',
  'cv.email': 'Email',
  'cv.website': 'Website',
  'cv.profile': 'Profile on Portfolio Master',
  'cv.region': 'Region',
  'cv.about': 'About',
  'cv.skills': 'Skills',
  'cv.openToWork': 'Open to work',
  'cv.roles': 'Roles',
  'cv.employment': 'Employment',
  'cv.remote': 'Remote too',
  'cv.affiliation': 'Organisation',
  'cv.verified': 'Verified by an admin',
  'cv.experience': 'Experience',
  'cv.education': 'Education',
  'cv.present': 'present',
  'cv.pinned': 'Selected work',
  'cv.technologies': 'Technologies',
  'cv.link': 'Link',
  'cv.formats': 'Download:',
  'cv.notFound.title': 'Profile not found',
  'cv.notFound.text': 'There is no such profile, or it is hidden.',
  'cv.notFound.home': 'Home page',
} satisfies Translation<typeof source>;
