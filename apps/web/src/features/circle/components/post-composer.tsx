import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_IMAGES_MAX, POST_TEXT_MAX } from '@livesports/contracts/content';
import type { ContentLangChoice } from '@livesports/contracts/content-lang';
import { useUpload } from '@/shared/hooks/use-upload';
import { tMsg } from '@/shared/i18n/messages';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { toast } from '@/shared/stores/toast';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { ContentLangSelect } from '@/shared/ui/content-lang';
import { IconClose } from '@/shared/ui/icons';
import { publishPostSchema, usePublishPost } from '../api/publish-post';

interface Slot {
  key: number;
  file: File;
  url: string | null;
  busy: boolean;
}

/** One picture of the post being written: uploads itself and reports its URL. */
function ComposerImage({ slot, onUpdate, onRemove }: { slot: Slot; onUpdate: (patch: Partial<Slot>) => void; onRemove: () => void }) {
  const { t } = useTranslation('circle');
  const upload = useUpload('image', (r) => onUpdate({ url: r.url }));
  const [preview] = useState(() => URL.createObjectURL(slot.file));
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void upload.start(slot.file);
  }, [upload, slot.file]);
  // Only the busy flag matters; onUpdate is the parent's inline callback (new on every render).
  useEffect(() => onUpdate({ busy: upload.busy }), [upload.busy]);
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);
  useEffect(() => {
    if (upload.error) toast.error(upload.error);
  }, [upload.error]);

  const remove = () => {
    // Spec §8: abandoning a picture that is still uploading asks first.
    if (upload.busy && !window.confirm(tMsg('content.abandon_image'))) return;
    upload.reset();
    onRemove();
  };
  return (
    <div className={upload.error ? 'composer__img has-error' : 'composer__img'}>
      <img src={preview} alt="" />
      {upload.busy && (
        <span className="composer__img-progress" role="progressbar" aria-valuenow={upload.percent} aria-valuemin={0} aria-valuemax={100}>
          <span style={{ height: `${100 - upload.percent}%` }} />
          <em>{upload.percent}%</em>
        </span>
      )}
      <button type="button" className="composer__img-remove" onClick={remove} aria-label={t('removeImage')}>
        <IconClose size={12} />
      </button>
    </div>
  );
}

/** The picture types the server takes (a phone camera gives JPEG). */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * Writing a circle post: text up to 1000 characters and up to nine pictures. `camera` (the mobile
 * site) adds a button that opens the phone's camera straight away beside the gallery one.
 */
export function PostComposer({ camera = false }: { camera?: boolean }) {
  const { t } = useTranslation('circle');
  const user = useAuthStore((s) => s.user);
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const [text, setText] = useState('');
  const [lang, setLang] = useState<ContentLangChoice>('auto');
  const [slots, setSlots] = useState<Slot[]>([]);
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(1);
  const file = useRef<HTMLInputElement>(null);
  const shot = useRef<HTMLInputElement>(null);
  const publish = usePublishPost((msg) => {
    toast.success(msg);
    setText('');
    setSlots([]);
    setLang('auto');
  });

  if (!islogin) {
    return (
      <div className="card composer composer--guest">
        <p className="muted">{t('guest')}</p>
        <Button onClick={() => openLogin('login')}>{t('loginToPost')}</Button>
      </div>
    );
  }

  const add = (files: FileList | null) => {
    if (!files) return;
    const room = POST_IMAGES_MAX - slots.length;
    if (files.length > room) toast.error(tMsg('content.images_too_many'));
    const added = [...files].slice(0, room).map((f) => ({ key: nextKey.current++, file: f, url: null, busy: true }));
    setSlots((s) => [...s, ...added]);
    if (file.current) file.current.value = '';
    if (shot.current) shot.current.value = '';
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (slots.some((s) => s.busy)) {
      toast.info(t('waitUpload'));
      return;
    }
    const input = { content: text, images: slots.flatMap((s) => (s.url ? [s.url] : [])), lang };
    const parsed = publishPostSchema.safeParse(input);
    if (!parsed.success) {
      setError(tMsg(parsed.error.issues[0]?.message));
      return;
    }
    setError(null);
    publish.mutate(input);
  };

  return (
    <form className="card composer" onSubmit={submit} data-testid="post-composer">
      <div className="composer__row">
        <Avatar src={user?.avatar} size={40} />
        <textarea className="composer__text" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('placeholder')} rows={3} aria-label={t('placeholder')} data-testid="post-text" />
      </div>
      {slots.length > 0 && (
        <div className="composer__imgs">
          {slots.map((s) => (
            <ComposerImage
              key={s.key}
              slot={s}
              onUpdate={(patch) => setSlots((all) => all.map((x) => (x.key === s.key ? { ...x, ...patch } : x)))}
              onRemove={() => setSlots((all) => all.filter((x) => x.key !== s.key))}
            />
          ))}
        </div>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="composer__bar">
        <button type="button" className="link-btn" onClick={() => file.current?.click()} disabled={slots.length >= POST_IMAGES_MAX} data-testid="post-add-image">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
            <rect x="3" y="3" width="18" height="18" rx="2" />
            <circle cx="8.5" cy="8.5" r="1.5" />
            <path d="m21 15-5-5L5 21" />
          </svg>
          {t('addImage', { n: slots.length, max: POST_IMAGES_MAX })}
        </button>
        <input ref={file} type="file" accept={IMAGE_TYPES} multiple hidden onChange={(e) => add(e.target.files)} data-testid="post-image-input" />
        {camera && (
          <>
            <button type="button" className="link-btn" onClick={() => shot.current?.click()} disabled={slots.length >= POST_IMAGES_MAX} data-testid="post-camera">
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
                <path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z" />
                <circle cx="12" cy="13" r="4" />
              </svg>
              {t('camera')}
            </button>
            <input ref={shot} type="file" accept={IMAGE_TYPES} capture="environment" hidden onChange={(e) => add(e.target.files)} data-testid="post-camera-input" />
          </>
        )}
        <ContentLangSelect id="post-lang" value={lang} onChange={setLang} text={text} testId="post-lang" />
        <span className={text.length > POST_TEXT_MAX ? 'composer__count is-over' : 'composer__count'}>
          {text.length}/{POST_TEXT_MAX}
        </span>
        <Button type="submit" loading={publish.isPending} data-testid="post-submit">
          {t('publish')}
        </Button>
      </div>
    </form>
  );
}
