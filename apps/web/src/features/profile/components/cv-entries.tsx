import { LIMITS } from '@portfolio-master/contract/constants';
import type { MessageKey } from '@portfolio-master/i18n';
import type { InputHTMLAttributes } from 'react';
import { TextField } from '../../../components/form-field';
import type { FormErrors } from '../../../lib/form-errors';
import { useT } from '../../../i18n/translator';
import { blankEducation, blankExperience, type EducationDraft, type ExperienceDraft } from '../cv-draft';
import { EntryList } from './entry-list';

/** What both kinds of entries have: two texts, then from and to, or "until now". */
type Dated = { key: number; from: string; to: string; current: boolean };

interface EntryKind<Entry extends Dated> {
  /** The body's field, and the start of the server's messages about it ("experience.2.to"). */
  list: 'experience' | 'education';
  max: number;
  make: () => Entry;
  texts: { name: keyof Entry & string; label: MessageKey; maxLength: number; required: boolean }[];
  /** The inputs of from and to. */
  dates: InputHTMLAttributes<HTMLInputElement>;
  labels: Record<'legend' | 'lead' | 'add' | 'entry' | 'remove' | 'from' | 'to' | 'current', MessageKey>;
}

const EXPERIENCE: EntryKind<ExperienceDraft> = {
  list: 'experience',
  max: LIMITS.experience.maxItems,
  make: blankExperience,
  texts: [
    { name: 'role', label: 'profileEdit.role', maxLength: LIMITS.experience.roleMax, required: true },
    {
      name: 'company',
      label: 'profileEdit.company',
      maxLength: LIMITS.experience.companyMax,
      required: true,
    },
  ],
  // Where a browser has no month picker, the placeholder shows what to type.
  dates: { type: 'month', placeholder: '2024-09' },
  labels: {
    legend: 'profileEdit.experience',
    lead: 'profileEdit.experienceLead',
    add: 'profileEdit.addExperience',
    entry: 'profileEdit.experienceEntry',
    remove: 'profileEdit.removeExperience',
    from: 'profileEdit.fromMonth',
    to: 'profileEdit.toMonth',
    current: 'profileEdit.worksHere',
  },
};

const EDUCATION: EntryKind<EducationDraft> = {
  list: 'education',
  max: LIMITS.education.maxItems,
  make: blankEducation,
  texts: [
    { name: 'school', label: 'profileEdit.school', maxLength: LIMITS.education.schoolMax, required: true },
    { name: 'field', label: 'profileEdit.studyField', maxLength: LIMITS.education.fieldMax, required: false },
  ],
  dates: { type: 'number', inputMode: 'numeric', min: LIMITS.cvYears.min, max: LIMITS.cvYears.max },
  labels: {
    legend: 'profileEdit.education',
    lead: 'profileEdit.educationLead',
    add: 'profileEdit.addEducation',
    entry: 'profileEdit.educationEntry',
    remove: 'profileEdit.removeEducation',
    from: 'profileEdit.fromYear',
    to: 'profileEdit.toYear',
    current: 'profileEdit.studiesHere',
  },
};

/** The entries of one kind, each with the server's messages at its fields. */
function CvEntries<Entry extends Dated>({
  kind,
  entries,
  onChange,
  errors,
}: {
  kind: EntryKind<Entry>;
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  errors: FormErrors;
}) {
  const t = useT();
  const { list, labels } = kind;
  const messages = (index: number, name: string) => errors.fields[`${list}.${index}.${name}`];
  return (
    <EntryList
      legend={t(labels.legend)}
      lead={t(labels.lead, { max: kind.max })}
      entries={entries}
      max={kind.max}
      make={kind.make}
      onChange={onChange}
      addLabel={t(labels.add)}
      entryLegend={(number) => t(labels.entry, { number })}
      removeLabel={(number) => t(labels.remove, { number })}
      messages={errors.fields[list]}
      entryMessages={(index) => errors.fields[`${list}.${index}`]}
    >
      {(entry, index, update) => (
        <>
          <div className="form-row">
            {kind.texts.map((text) => (
              <TextField
                key={text.name}
                label={t(text.label)}
                name={`${list}.${index}.${text.name}`}
                value={String(entry[text.name])}
                onChange={(event) => update({ [text.name]: event.target.value } as Partial<Entry>)}
                maxLength={text.maxLength}
                errors={messages(index, text.name)}
                required={text.required}
              />
            ))}
          </div>
          <div className="form-row">
            <TextField
              label={t(labels.from)}
              name={`${list}.${index}.from`}
              {...kind.dates}
              value={entry.from}
              onChange={(event) => update({ from: event.target.value } as Partial<Entry>)}
              errors={messages(index, 'from')}
              required
            />
            {/* "Until now" takes the place of the end. */}
            {entry.current ? null : (
              <TextField
                label={t(labels.to)}
                name={`${list}.${index}.to`}
                {...kind.dates}
                value={entry.to}
                onChange={(event) => update({ to: event.target.value } as Partial<Entry>)}
                errors={messages(index, 'to')}
                required
              />
            )}
          </div>
          <label className="switch">
            <input
              type="checkbox"
              checked={entry.current}
              onChange={(event) => update({ current: event.target.checked } as Partial<Entry>)}
            />
            {t(labels.current)}
          </label>
        </>
      )}
    </EntryList>
  );
}

interface ListProps<Entry> {
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  errors: FormErrors;
}

export const ExperienceFields = (props: ListProps<ExperienceDraft>) => (
  <CvEntries kind={EXPERIENCE} {...props} />
);

export const EducationFields = (props: ListProps<EducationDraft>) => (
  <CvEntries kind={EDUCATION} {...props} />
);
