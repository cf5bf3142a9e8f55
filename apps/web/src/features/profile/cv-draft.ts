import type {
  AffiliationBody,
  AffiliationKind,
  CityCode,
  Employment,
  ExperienceEntry,
  OpenToWork,
  User,
  WorkStatus,
} from '@portfolio-master/contract';

/*
 * The CV part of the profile form as it is typed: every input's text, and which entries are "until now".
 * `toCvParts` makes the body's parts of it, in the shape PUT /user/me/update takes (the structured ones
 * as JSON text, as multipart bodies carry them).
 */

export interface ExperienceDraft {
  /** Tells entries apart while some are added and others removed. */
  key: number;
  role: string;
  company: string;
  from: string;
  to: string;
  current: boolean;
}

export interface EducationDraft {
  key: number;
  school: string;
  field: string;
  from: string;
  to: string;
  current: boolean;
}

export interface CvDraft {
  headline: string;
  city: CityCode | '';
  website: string;
  linkedin: string;
  experience: ExperienceDraft[];
  education: EducationDraft[];
  status: WorkStatus;
  /** The roles looked for, separated by commas. */
  roles: string;
  employment: Employment[];
  remote: boolean;
  affiliationKind: AffiliationKind | '';
  affiliationName: string;
  /** Ids of the person's own portfolios, in the order shown. */
  pinned: string[];
}

let nextKey = 0;
export const newKey = () => (nextKey += 1);

export const blankExperience = (): ExperienceDraft => ({
  key: newKey(),
  role: '',
  company: '',
  from: '',
  to: '',
  current: false,
});

export const blankEducation = (): EducationDraft => ({
  key: newKey(),
  school: '',
  field: '',
  from: '',
  to: '',
  current: false,
});

export function cvDraftOf(user: User): CvDraft {
  return {
    headline: user.headline,
    city: user.city ?? '',
    website: user.website,
    linkedin: user.linkedin,
    experience: user.experience.map((entry) => ({
      key: newKey(),
      role: entry.role,
      company: entry.company,
      from: entry.from,
      to: entry.to ?? '',
      current: entry.to === null,
    })),
    education: user.education.map((entry) => ({
      key: newKey(),
      school: entry.school,
      field: entry.field,
      from: String(entry.from),
      to: entry.to === null ? '' : String(entry.to),
      current: entry.to === null,
    })),
    status: user.openToWork.status,
    roles: user.openToWork.roles.join(', '),
    employment: user.openToWork.employment,
    remote: user.openToWork.remote,
    affiliationKind: user.affiliation?.kind ?? '',
    affiliationName: user.affiliation?.name ?? '',
    pinned: user.pinned.map((portfolio) => portfolio._id),
  };
}

/** A year as typed: a number when it reads as one, else the text, for the server to name what is wrong. */
const year = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text) : text);

/** Whether the form now states another affiliation than the saved one (which loses its check mark). */
export const affiliationChanged = (draft: CvDraft, user: User) =>
  draft.affiliationKind !== (user.affiliation?.kind ?? '') ||
  draft.affiliationName.trim() !== (user.affiliation?.name ?? '');

/** The body's parts for the CV's fields; the affiliation only when it changed, so its mark stays. */
export function toCvParts(draft: CvDraft, user: User): [string, string][] {
  const experience: ExperienceEntry[] = draft.experience.map((entry) => ({
    role: entry.role,
    company: entry.company,
    from: entry.from,
    to: entry.current ? null : entry.to,
  }));
  // As `EducationEntry`, but with a year the browser let through unread left as typed.
  const education = draft.education.map((entry) => ({
    school: entry.school,
    field: entry.field,
    from: year(entry.from),
    to: entry.current ? null : year(entry.to),
  }));
  const openToWork: OpenToWork = {
    status: draft.status,
    roles: draft.roles
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
    employment: draft.employment,
    remote: draft.remote,
  };
  const affiliation: AffiliationBody | null = draft.affiliationKind
    ? { kind: draft.affiliationKind, name: draft.affiliationName }
    : null;
  return [
    ['headline', draft.headline],
    ['city', draft.city],
    ['website', draft.website],
    ['linkedin', draft.linkedin],
    ['experience', JSON.stringify(experience)],
    ['education', JSON.stringify(education)],
    ['openToWork', JSON.stringify(openToWork)],
    ...(affiliationChanged(draft, user)
      ? [['affiliation', JSON.stringify(affiliation)] as [string, string]]
      : []),
    ['pinned', JSON.stringify(draft.pinned)],
  ];
}

/** The fields whose server messages the CV's part of the form shows. */
export const CV_FIELDS = [
  'headline',
  'city',
  'website',
  'linkedin',
  'experience',
  'education',
  'openToWork',
  'affiliation',
  'pinned',
] as const;
