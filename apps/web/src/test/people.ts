import type { PersonCard, PersonCardPage } from '@portfolio-master/contract';

/** The n-th person of a directory's fixtures. */
export const person = (n: number, overrides: Partial<PersonCard> = {}): PersonCard => ({
  _id: String(n).padStart(24, '0'),
  username: `dev_${n}`,
  firstname: 'Aziza',
  lastname: `Karimova ${n}`,
  image: null,
  headline: 'Frontend dasturchi, React',
  city: 'samarqand',
  openToWork: 'looking',
  affiliation: null,
  skills: ['React', 'TypeScript'],
  portfoliosCount: 3,
  followersCount: 7,
  likesReceived: 21,
  ...overrides,
});

/** Page `page` of a directory of `total` people, 20 a page. */
export const pageOf = (total: number, page: number): PersonCardPage => {
  const count = Math.max(0, Math.min(20, total - (page - 1) * 20));
  return {
    items: Array.from({ length: count }, (_, i) => person((page - 1) * 20 + i + 1)),
    total,
    page,
    limit: 20,
    pageCount: Math.ceil(total / 20),
  };
};
