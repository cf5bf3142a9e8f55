import type { Portfolio, Preview } from '@portfolio-master/contract';
import { useState } from 'react';
import { FormAlert, TextAreaField, TextField } from '../../../components/form-field';
import { ProgressBar } from '../../../components/progress-bar';
import { noFormErrors, toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useT } from '../../../i18n/translator';
import type { PortfolioUploadInput } from '../api/create-portfolio';
import { GithubImport } from './github-import';
import { galleryOrder, ImagePicker, type GalleryItem } from './image-picker';
import { WriteForm } from '../../../components/write-form';
import { previewDescription } from '../api/drafts';
import { Markdown } from './markdown';
import { useDraftAutosave, type AutosaveState, type DraftValues } from './use-draft-autosave';

/** Where the draft stands, said politely to screen readers. */
function DraftStatus({ state }: { state: AutosaveState }) {
  const t = useT();
  const text = {
    idle: null,
    local: t('drafts.savedLocally'),
    saving: t('drafts.saving'),
    saved: t('drafts.saved'),
    failed: t('drafts.saveFailed'),
  }[state];
  return (
    <p className="draft-status" role="status" aria-live="polite">
      {text}
    </p>
  );
}

export interface PortfolioFormProps {
  initial?: Portfolio;
  /** A new portfolio's form keeps what is typed as the author's draft (docs/decisions/0053-drafts.md). */
  draft?: { userId: string; draftId: string | null; values: DraftValues | null };
  submitLabel: string;
  pending: boolean;
  submit: (
    input: PortfolioUploadInput,
    callbacks: { onError: (error: unknown) => void; onSuccess: () => void },
  ) => void;
}

/** Create and edit share this form; every value stays in state, so a refused submit loses nothing. */
export function PortfolioForm({ initial, draft, submitLabel, pending, submit }: PortfolioFormProps) {
  const t = useT();
  const [values, setValues] = useState<DraftValues>(
    draft?.values ?? {
      title: initial?.title ?? '',
      url: initial?.url ?? '',
      repoUrl: initial?.repoUrl ?? '',
      used: initial?.used.join(', ') ?? '',
      description: initial?.description ?? '',
    },
  );
  const autosave = useDraftAutosave(values, {
    userId: draft?.userId ?? null,
    draftId: draft?.draftId ?? null,
  });
  const [preview, setPreview] = useState<Preview | 'loading' | null>(null);
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

  const showPreview = async () => {
    setPreview('loading');
    try {
      setPreview(await previewDescription(values.description));
    } catch (error) {
      setPreview(null);
      setErrors(toFormErrors(t, error, ['description']));
    }
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    const draftId = draft ? await autosave.settled() : null;
    if (draftId !== null) form.append('draftId', draftId);
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
        onSuccess: autosave.forget,
        onError: (error) => {
          autosave.resume();
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

  if (preview !== null) {
    return (
      <section className="portfolio-preview" aria-label={t('portfolioForm.preview')}>
        <h2>{values.title}</h2>
        <p className="portfolio-preview__used">{values.used}</p>
        {preview === 'loading' ? (
          <span className="spinner" aria-hidden="true" />
        ) : (
          <Markdown html={preview.descriptionHtml} />
        )}
        <button type="button" className="button button--ghost button--block" onClick={() => setPreview(null)}>
          {t('portfolioForm.backToEdit')}
        </button>
      </section>
    );
  }

  return (
    <WriteForm className="form" onSubmit={(event) => void onSubmit(event)}>
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
      {draft ? <DraftStatus state={autosave.state} /> : null}
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
      <button type="button" className="button button--ghost button--block" onClick={() => void showPreview()}>
        {t('portfolioForm.preview')}
      </button>
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        {submitLabel}
      </button>
    </WriteForm>
  );
}
