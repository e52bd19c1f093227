import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TITLE_MAX } from '@livesports/contracts/content';
import type { ContentLangChoice } from '@livesports/contracts/content-lang';
import { tMsg } from '@/shared/i18n/messages';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { ContentLangSelect } from '@/shared/ui/content-lang';
import { Input } from '@/shared/ui/input';
import { useCategories } from '../api/get-categories';
import { publishArticleSchema, usePublishArticle } from '../api/publish-article';
import { MediaUpload } from './media-upload';
import { RichTextEditor } from './rich-text-editor';

type Field = 'title' | 'classify_id' | 'content' | 'image' | 'video';

/** The writer's form: title 5–30, category, rich-text body ≤ 5000, a PNG/JPG cover ≤ 5 MB, an optional video ≤ 500 MB. */
export function ArticleEditor({ onPublished, onCancel }: { onPublished: (id: number) => void; onCancel: () => void }) {
  const { t } = useTranslation('news');
  const { data: categories } = useCategories();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState('');
  const [content, setContent] = useState('');
  const [image, setImage] = useState('');
  const [video, setVideo] = useState('');
  const [lang, setLang] = useState<ContentLangChoice>('auto');
  const [busy, setBusy] = useState({ cover: false, video: false });
  // Stable callbacks: the uploads report their state from an effect.
  const coverBusy = useCallback((b: boolean) => setBusy((s) => (s.cover === b ? s : { ...s, cover: b })), []);
  const videoBusy = useCallback((b: boolean) => setBusy((s) => (s.video === b ? s : { ...s, video: b })), []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const publish = usePublishArticle((id, msg) => {
    toast.success(msg);
    onPublished(id);
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (busy.cover || busy.video) {
      toast.info(t('waitUpload'));
      return;
    }
    const input = { title, classify_id: category, content, image, video: video || undefined, lang };
    const parsed = publishArticleSchema.safeParse(input);
    if (!parsed.success) {
      // Same order as the server: the first failing field speaks; others are shown too.
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        next[f] ??= tMsg(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    publish.mutate(input);
  };

  const titleLength = [...title.trim()].length;
  return (
    <form className="card article-editor" onSubmit={submit} noValidate data-testid="article-editor">
      <h1 className="page__title">{t('write')}</h1>
      <Input
        label={t('form.title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder={t('form.titlePlaceholder')}
        error={errors.title}
        addon={
          <span className="muted">
            {titleLength}/{TITLE_MAX}
          </span>
        }
        data-testid="article-title"
      />
      <div className={errors.classify_id ? 'field field--error' : 'field'}>
        <label className="field__label" htmlFor="article-category">
          {t('form.category')}
        </label>
        <div className="field__control">
          <select id="article-category" className="field__input" value={category} onChange={(e) => setCategory(e.target.value)} data-testid="article-category">
            <option value="">{t('form.categoryPlaceholder')}</option>
            {categories?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {errors.classify_id && (
          <p className="field__error" role="alert">
            {errors.classify_id}
          </p>
        )}
      </div>
      <div className="field">
        <span className="field__label">{t('form.body')}</span>
        <RichTextEditor value={content} onChange={setContent} error={errors.content} />
      </div>
      <div className="article-editor__media">
        <div className="field">
          <span className="field__label">{t('form.cover')}</span>
          <MediaUpload kind="cover" value={image} onChange={setImage} onBusyChange={coverBusy} error={errors.image} testId="article-cover" />
        </div>
        <div className="field">
          <span className="field__label">
            {t('form.video')} <span className="muted">{t('form.optional')}</span>
          </span>
          <MediaUpload kind="video" value={video} onChange={setVideo} onBusyChange={videoBusy} error={errors.video} testId="article-video" />
        </div>
      </div>
      <div className="article-editor__actions">
        <ContentLangSelect id="article-lang" value={lang} onChange={setLang} text={`${title}\n${content}`} testId="article-lang" />
        <Button variant="ghost" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={publish.isPending} data-testid="article-submit">
          {t('form.publish')}
        </Button>
      </div>
    </form>
  );
}
