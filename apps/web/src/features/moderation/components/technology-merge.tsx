import type { TechnologyMergeResult } from '@portfolio-master/contract';
import { LIMITS } from '@portfolio-master/contract/constants';
import { useState } from 'react';
import { FormAlert, TextField } from '../../../components/form-field';
import { WriteForm } from '../../../components/write-form';
import { noFormErrors, toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useT } from '../../../i18n/translator';
import { useMergeTechnologies } from '../api/merge-technologies';

/**
 * "Texnologiyalarni birlashtirish": two names, the one that goes and the one kept. The server's messages
 * sit under their fields; what was done is announced politely.
 */
export function TechnologyMerge() {
  const t = useT();
  const merge = useMergeTechnologies();
  const [from, setFrom] = useState('');
  const [into, setInto] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);
  const [done, setDone] = useState<(TechnologyMergeResult & { from: string }) | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    setDone(null);
    const body = { from: from.trim(), into: into.trim() };
    merge.mutate(body, {
      onSuccess: (result) => {
        setDone({ ...result, from: body.from });
        setFrom('');
        setInto('');
      },
      onError: (error) => setErrors(toFormErrors(t, error, ['from', 'into'])),
    });
  };

  return (
    <section className="panel technology-merge" aria-labelledby="technology-merge-title">
      <h2 id="technology-merge-title">{t('moderation.merge.title')}</h2>
      <p>{t('moderation.merge.lead')}</p>
      <WriteForm className="form" onSubmit={submit} noValidate>
        {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
        <TextField
          label={t('moderation.merge.from')}
          hint={t('moderation.merge.fromHint')}
          name="from"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          maxLength={LIMITS.technologies.itemMax}
          errors={errors.fields.from}
          autoComplete="off"
          required
        />
        <TextField
          label={t('moderation.merge.into')}
          hint={t('moderation.merge.intoHint')}
          name="into"
          value={into}
          onChange={(event) => setInto(event.target.value)}
          maxLength={LIMITS.technologies.itemMax}
          errors={errors.fields.into}
          autoComplete="off"
          required
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={merge.isPending || !from.trim() || !into.trim()}
        >
          {t('moderation.merge.submit')}
        </button>
      </WriteForm>
      <p className="technology-merge__done" role="status">
        {done
          ? t('moderation.merge.done', {
              from: done.from,
              into: done.name,
              moved: done.moved,
              count: done.count,
            })
          : null}
      </p>
    </section>
  );
}
