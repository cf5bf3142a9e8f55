import type { User } from '@portfolio-master/contract';

/** A profile's CV fields as a person who filled none of them has them. */
export const noCv = {
  headline: '',
  city: null,
  website: '',
  linkedin: '',
  experience: [],
  education: [],
  openToWork: { status: 'not', roles: [], employment: [], remote: false },
  affiliation: null,
  pinned: [],
} satisfies Partial<User>;

/** Ali, a member who wrote nothing about himself, with `changes`. */
export const aUser = (changes: Partial<User> = {}): User => ({
  _id: 'a'.repeat(24),
  username: 'ali',
  firstname: 'Ali',
  lastname: 'Valiyev',
  image: null,
  isAdmin: false,
  email: 'ali@example.uz',
  emailPublic: false,
  description: '',
  skills: [],
  githubProfile: '',
  telegramProfile: '',
  ...noCv,
  registeredDate: '2026-01-01T00:00:00Z',
  portfolios: [],
  portfoliosCount: 0,
  followersCount: 0,
  followingCount: 0,
  followedByMe: false,
  ...changes,
});
