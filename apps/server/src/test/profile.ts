/** What the API says of a profile whose owner has told nothing of their work yet. */
export const EMPTY_CV = {
  headline: '',
  city: null,
  website: '',
  linkedin: '',
  experience: [],
  education: [],
  openToWork: { status: 'not', roles: [], employment: [], remote: false },
  affiliation: null,
  pinned: [],
};
