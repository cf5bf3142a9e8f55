import { LIMITS } from '@portfolio-master/contract/constants';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/form-field';
import { useT } from '../../../i18n/translator';
import { Link, useHref, useNavigate } from '../../../lib/router';
import { CITY_NAMES } from '../../users/cv-labels';
import {
  ALL_PEOPLE,
  CITY_CODES,
  isNarrowed,
  peopleHref,
  SEARCH_MAX,
  SORT_NAMES,
  type PeopleLocation,
} from '../people-query';

/**
 * The directory's search, filters and sort: a GET form, so without JavaScript the browser sends it to
 * `/people?…` and the server renders the answer; with JavaScript it navigates to the same address.
 */
export function PeopleFilters({ location }: { location: PeopleLocation }) {
  const t = useT();
  const navigate = useNavigate();
  const action = useHref('/people');
  const [form, setForm] = useState(location);
  const [shown, setShown] = useState(location);
  // A new address (back, a link) puts its values in the form.
  if (shown !== location) {
    setShown(location);
    setForm(location);
  }
  const set = <K extends keyof PeopleLocation>(key: K, value: PeopleLocation[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  return (
    <form
      className="card panel people-filters"
      role="search"
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        navigate(peopleHref({ ...form, q: form.q.trim(), technology: form.technology.trim(), page: 1 }));
      }}
    >
      <div className="people-filters__wide">
        <TextField
          label={t('directory.search')}
          name="q"
          type="search"
          value={form.q}
          maxLength={SEARCH_MAX}
          placeholder={t('directory.searchPlaceholder')}
          onChange={(event) => set('q', event.target.value)}
        />
      </div>
      <TextField
        label={t('directory.technology')}
        name="technology"
        value={form.technology}
        maxLength={LIMITS.technologies.itemMax}
        placeholder={t('directory.technologyPlaceholder')}
        onChange={(event) => set('technology', event.target.value)}
      />
      <SelectField
        label={t('directory.city')}
        name="city"
        value={form.city}
        onChange={(event) => set('city', event.target.value as PeopleLocation['city'])}
      >
        <option value="">{t('directory.anyCity')}</option>
        {CITY_CODES.map((code) => (
          <option key={code} value={code}>
            {t(CITY_NAMES[code])}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('directory.sort')}
        name="sort"
        value={form.sort}
        onChange={(event) => set('sort', event.target.value as PeopleLocation['sort'])}
      >
        {Object.entries(SORT_NAMES).map(([sort, key]) => (
          <option key={sort} value={sort}>
            {t(key)}
          </option>
        ))}
      </SelectField>
      <label className="people-filters__check">
        <input
          type="checkbox"
          name="openToWork"
          value="true"
          checked={form.openToWork}
          onChange={(event) => set('openToWork', event.target.checked)}
        />
        {t('directory.openToWork')}
      </label>
      <div className="people-filters__actions">
        <button type="submit" className="button button--primary">
          {t('directory.apply')}
        </button>
        {isNarrowed(location) ? (
          <Link to={peopleHref({ ...ALL_PEOPLE, sort: location.sort })} className="button button--ghost">
            {t('directory.reset')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
