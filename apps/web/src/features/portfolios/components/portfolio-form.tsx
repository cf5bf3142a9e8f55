import type { Portfolio } from '@portfolio-master/contract';
import { useState } from 'react';
import { FormAlert, TextAreaField, TextField } from '../../../components/form-field';
import { ProgressBar } from '../../../components/progress-bar';
import { noFormErrors, toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useT } from '../../../i18n/translator';
import type { PortfolioUploadInput } from '../api/create-portfolio';
import { GithubImport } from './github-import';
import { galleryOrder, ImagePicker, type GalleryItem } from './image-picker';
import { WriteForm } from '../../../components/write-form';

export interface PortfolioFormProps {
  initial?: Portfolio;
  submitLabel: string;
  pending: boolean;
  submit: (input: PortfolioUploadInput, callbacks: { onError: (error: unknown) => void }) => void;
}

/** Create and edit share this form; every value stays in state, so a refused submit loses nothing. */
export function PortfolioForm({ initial, submitLabel, pending, submit }: PortfolioFormProps) {
  const t = useT();
  const [values, setValues] = useState({
    title: initial?.title ?? '',
    url: initial?.url ?? '',
    repoUrl: initial?.repoUrl ?? '',
    used: initial?.used.join(', ') ?? '',
    description: initial?.description ?? '',
  });
  const [gallery, setGallery] = useState<GalleryItem[]>(
    initial?.images.map((name, index) => ({
      kind: 'existing' as const,
      key: name,
      name,
      alt: initial.imageAlts?.[index] ?? '',
    })) ?? [],
  );
  // "Kanalda e’lon qilinmasin": the site's Telegram channel does not post it (or deletes its post).
  const [channelOptOut, setChannelOptOut] = useState(initial?.channelOptOut ?? false);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  const set =
    (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((old) => ({ ...old, [name]: event.target.value }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    form.append('channelOptOut', String(channelOptOut));
    const files = gallery.flatMap((item) => (item.kind === 'new' ? [item.file] : []));
    if (initial) {
      // The server keeps the listed old images in this order and appends the new ones.
      form.append(
        'keepImages',
        gallery.flatMap((item) => (item.kind === 'existing' ? [item.name] : [])).join(','),
      );
    }
    for (const file of files) form.append('images', file, file.name);
    for (const item of galleryOrder(gallery)) form.append('imageAlts', item.alt.trim());
    setProgress(files.length ? 0 : null);
    submit(
      { form, onProgress: files.length ? setProgress : undefined },
      {
        onError: (error) => {
          setErrors(
            toFormErrors(t, error, [
              ...Object.keys(values),
              'images',
              'keepImages',
              'imageAlts',
              'channelOptOut',
            ]),
          );
          setProgress(null);
        },
      },
    );
  };

  return (
    <WriteForm className="form" onSubmit={onSubmit}>
      {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
      {initial ? null : (
        <GithubImport
          onDraft={(draft) =>
            setValues({
              title: draft.title,
              url: draft.url,
              repoUrl: draft.repoUrl,
              used: draft.used.join(', '),
              description: draft.description,
            })
          }
        />
      )}
      <TextField
        label={t('portfolioForm.title')}
        name="title"
        value={values.title}
        onChange={set('title')}
        errors={errors.fields.title}
        required
        minLength={3}
        maxLength={120}
      />
      <div className="form-row">
        <TextField
          label={t('portfolioForm.url')}
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint={t('portfolioForm.urlHint')}
          value={values.url}
          onChange={set('url')}
          errors={errors.fields.url}
          required
        />
        <TextField
          label={t('portfolioForm.repoUrl')}
          name="repoUrl"
          type="url"
          inputMode="url"
          placeholder="https://github.com/..."
          value={values.repoUrl}
          onChange={set('repoUrl')}
          errors={errors.fields.repoUrl}
        />
      </div>
      <TextField
        label={t('portfolioForm.used')}
        name="used"
        hint={t('portfolioForm.usedHint')}
        value={values.used}
        onChange={set('used')}
        errors={errors.fields.used}
        required
      />
      <TextAreaField
        label={t('portfolioForm.description')}
        name="description"
        hint={t('portfolioForm.descriptionHint')}
        value={values.description}
        onChange={set('description')}
        errors={errors.fields.description}
        rows={8}
      />
      <ImagePicker
        items={gallery}
        onChange={setGallery}
        errors={[
          ...(errors.fields.images ?? []),
          ...(errors.fields.keepImages ?? []),
          ...(errors.fields.imageAlts ?? []),
        ]}
      />
      <label className="switch">
        <input
          type="checkbox"
          name="channelOptOut"
          checked={channelOptOut}
          onChange={(event) => setChannelOptOut(event.target.checked)}
        />
        {t('portfolioForm.channelOptOut')}
      </label>
      {pending && progress !== null ? (
        <ProgressBar
          value={progress}
          label={t('portfolioForm.uploading', { percent: Math.round(progress * 100) })}
        />
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        {submitLabel}
      </button>
    </WriteForm>
  );
}
