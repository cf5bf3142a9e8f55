import type { AffiliationKind, CityCode, User } from '@portfolio-master/contract';
import {
  LIMITS,
  AFFILIATION_KIND,
  CITIES,
  EMPLOYMENT,
  WORK_STATUS,
} from '@portfolio-master/contract/constants';
import { useId } from 'react';
import { FieldErrors, SelectField, TextField } from '../../../components/form-field';
import { CheckIcon } from '../../../components/icons/check';
import { messagesUnder, type FormErrors } from '../../../lib/form-errors';
import { useT } from '../../../i18n/translator';
import { AFFILIATION_NAMES, CITY_NAMES, EMPLOYMENT_NAMES, WORK_STATUS_NAMES } from '../../users/cv-labels';
import { affiliationChanged, type CvDraft } from '../cv-draft';

interface PartProps {
  draft: CvDraft;
  change: (change: Partial<CvDraft>) => void;
  errors: FormErrors;
}

/** The line under the name, where the person lives, and their own site and LinkedIn. */
export function AboutFields({ draft, change, errors }: PartProps) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('profileEdit.headline')}
        name="headline"
        hint={t('profileEdit.headlineHint')}
        value={draft.headline}
        onChange={(event) => change({ headline: event.target.value })}
        maxLength={LIMITS.headline.max}
        errors={errors.fields.headline}
      />
      <SelectField
        label={t('profileEdit.city')}
        name="city"
        value={draft.city}
        onChange={(event) => change({ city: event.target.value as CityCode | '' })}
        errors={errors.fields.city}
      >
        <option value="">{t('profileEdit.cityNone')}</option>
        {CITIES.map((city) => (
          <option key={city} value={city}>
            {t(CITY_NAMES[city])}
          </option>
        ))}
      </SelectField>
      <div className="form-row">
        <TextField
          label={t('profileEdit.website')}
          name="website"
          type="url"
          placeholder="https://"
          value={draft.website}
          onChange={(event) => change({ website: event.target.value })}
          maxLength={LIMITS.website.max}
          errors={errors.fields.website}
        />
        <TextField
          label={t('profileEdit.linkedin')}
          name="linkedin"
          type="url"
          placeholder="https://www.linkedin.com/in/…"
          value={draft.linkedin}
          onChange={(event) => change({ linkedin: event.target.value })}
          maxLength={LIMITS.website.max}
          errors={errors.fields.linkedin}
        />
      </div>
    </>
  );
}

/** Whether the person looks for work, and which: the badge on their profile follows it. */
export function WorkFields({ draft, change, errors }: PartProps) {
  const t = useT();
  const id = useId();
  const toggle = (kind: CvDraft['employment'][number], on: boolean) =>
    change({
      employment: on
        ? EMPLOYMENT.filter((each) => each === kind || draft.employment.includes(each))
        : draft.employment.filter((each) => each !== kind),
    });
  return (
    <fieldset>
      <legend>{t('profileEdit.work')}</legend>
      <fieldset className="checks" aria-describedby={`${id}-lead`}>
        <legend className="field__label">{t('profileEdit.workStatus')}</legend>
        <p className="field__hint" id={`${id}-lead`}>
          {t('profileEdit.workStatusHint')}
        </p>
        {WORK_STATUS.map((status) => (
          <label key={status} className="check">
            <input
              type="radio"
              name="openToWork.status"
              value={status}
              checked={draft.status === status}
              onChange={() => change({ status })}
            />
            <span className="check__label">{t(WORK_STATUS_NAMES[status])}</span>
          </label>
        ))}
        <FieldErrors id={`${id}-status-error`} messages={errors.fields['openToWork.status']} />
      </fieldset>
      {draft.status === 'not' ? null : (
        <>
          <TextField
            label={t('profileEdit.roles')}
            name="openToWork.roles"
            hint={t('profileEdit.rolesHint', { max: LIMITS.workRoles.maxItems })}
            value={draft.roles}
            onChange={(event) => change({ roles: event.target.value })}
            errors={messagesUnder(errors, 'openToWork.roles')}
          />
          <fieldset className="checks checks--row">
            <legend className="field__label">{t('profileEdit.employment')}</legend>
            {EMPLOYMENT.map((kind) => (
              <label key={kind} className="check">
                <input
                  type="checkbox"
                  name="openToWork.employment"
                  value={kind}
                  checked={draft.employment.includes(kind)}
                  onChange={(event) => toggle(kind, event.target.checked)}
                />
                <span className="check__label">{t(EMPLOYMENT_NAMES[kind])}</span>
              </label>
            ))}
            <FieldErrors
              id={`${id}-employment-error`}
              messages={messagesUnder(errors, 'openToWork.employment')}
            />
          </fieldset>
          <label className="switch">
            <input
              type="checkbox"
              checked={draft.remote}
              onChange={(event) => change({ remote: event.target.checked })}
            />
            {t('profileEdit.remote')}
          </label>
        </>
      )}
      {/* What is about the whole offer, not one of the fields above. */}
      <FieldErrors id={`${id}-error`} messages={errors.fields.openToWork} />
    </fieldset>
  );
}

/** An IT Park residency, a company or a university; an admin's check mark goes with any change of it. */
export function AffiliationFields({ draft, change, errors, user }: PartProps & { user: User }) {
  const t = useT();
  const id = useId();
  const verified = user.affiliation?.verified === true;
  const changed = affiliationChanged(draft, user);
  return (
    <fieldset>
      <legend>{t('profileEdit.affiliation')}</legend>
      <p className="field__hint">{t('profileEdit.affiliationLead')}</p>
      <div className="form-row">
        <SelectField
          label={t('profileEdit.affiliationKind')}
          name="affiliation.kind"
          value={draft.affiliationKind}
          onChange={(event) => change({ affiliationKind: event.target.value as AffiliationKind | '' })}
          errors={errors.fields['affiliation.kind']}
        >
          <option value="">{t('profileEdit.affiliationNone')}</option>
          {AFFILIATION_KIND.map((kind) => (
            <option key={kind} value={kind}>
              {t(AFFILIATION_NAMES[kind])}
            </option>
          ))}
        </SelectField>
        {draft.affiliationKind ? (
          <TextField
            label={t('profileEdit.affiliationName')}
            name="affiliation.name"
            value={draft.affiliationName}
            onChange={(event) => change({ affiliationName: event.target.value })}
            maxLength={LIMITS.affiliationName.max}
            errors={errors.fields['affiliation.name']}
            required
          />
        ) : null}
      </div>
      {verified ? (
        <p className={`affiliation-state${changed ? ' affiliation-state--lost' : ''}`} role="status">
          {changed ? (
            t('profileEdit.affiliationLosesMark')
          ) : (
            <>
              <CheckIcon className="verified-mark" /> {t('profileEdit.affiliationVerified')}
            </>
          )}
        </p>
      ) : user.affiliation && !changed ? (
        <p className="field__hint">{t('profileEdit.affiliationUnverified')}</p>
      ) : null}
      <FieldErrors id={`${id}-error`} messages={errors.fields.affiliation} />
    </fieldset>
  );
}
