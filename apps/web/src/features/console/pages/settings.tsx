import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteSettings } from '@livesports/contracts/console-catalog';
import { SYSTEM_SETTING_KEYS } from '@livesports/contracts/system';
import { useUpload } from '@/shared/hooks/use-upload';
import { useSiteSettings } from '../api/get-site-settings';
import { type SaveSettingsInput, useSaveSettings } from '../api/save-settings';
import { ConsolePageFrame } from '../components/console-page';
import '../console-ops.css';

/** /admin/settings: the spec's system settings, friendly links, hot searches, home banner and announcement. */
export function Component() {
  const settings = useSiteSettings();
  const s = settings.data;
  // Each card starts again from the server's values after a save (its key changes with them).
  return (
    <ConsolePageFrame titleKey="settings.title" testId="console-settings">
      {s && (
        <div className="cs-grid">
          <SystemCard key={JSON.stringify(s.system)} value={s.system} />
          <div>
            <BannerCard key={JSON.stringify(s.banner)} value={s.banner} />
            <AnnouncementCard key={JSON.stringify(s.announcement)} value={s.announcement} />
          </div>
          <LinksCard key={JSON.stringify(s.links)} value={s.links} />
          <HotCard key={JSON.stringify(s.hot)} value={s.hot} />
        </div>
      )}
    </ConsolePageFrame>
  );
}

function Card({ title, testId, children, onSave }: { title: string; testId: string; children: ReactNode; onSave: (reason: string) => SaveSettingsInput }) {
  const { t } = useTranslation('console');
  const save = useSaveSettings();
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(onSave(reason.trim()));
  };
  return (
    <form className="cs-card cs-block" onSubmit={submit} data-testid={testId}>
      <h2 className="cs-card__title">{title}</h2>
      {children}
      <div className="cs-form__foot">
        <input className="cs-input" maxLength={200} value={reason} placeholder={t('ops.reasonOptional')} aria-label={t('ops.reason')} onChange={(e) => setReason(e.target.value)} />
        <button type="submit" className="cs-btn cs-btn--primary" disabled={save.isPending}>
          {t('ops.save')}
        </button>
      </div>
    </form>
  );
}

function SystemCard({ value }: { value: SiteSettings['system'] }) {
  const { t } = useTranslation('console');
  const [v, setV] = useState(value);
  return (
    <Card title={t('settings.system')} testId="settings-system" onSave={(reason) => ({ system: v, reason })}>
      <div className="cs-grid-form">
        {SYSTEM_SETTING_KEYS.map((k) => (
          <Field key={k} id={`sys-${k}`} label={t(`settings.keys.${k}`)}>
            <input id={`sys-${k}`} className="cs-input" name={k} maxLength={500} value={v[k] ?? ''} onChange={(e) => setV({ ...v, [k]: e.target.value })} />
          </Field>
        ))}
      </div>
    </Card>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
    </>
  );
}

function LinksCard({ value }: { value: SiteSettings['links'] }) {
  const { t } = useTranslation('console');
  const [rows, setRows] = useState(value);
  const set = (i: number, patch: Partial<(typeof rows)[number]>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Card title={t('settings.links')} testId="settings-links" onSave={(reason) => ({ links: rows.filter((r) => r.name.trim() || r.url.trim()), reason })}>
      <div className="cs-list-edit">
        {rows.map((r, i) => (
          <div key={i} className="cs-list-edit__row">
            <input className="cs-input" maxLength={30} value={r.name} placeholder={t('settings.linkName')} aria-label={t('settings.linkName')} onChange={(e) => set(i, { name: e.target.value })} />
            <input className="cs-input" maxLength={300} value={r.url} placeholder="https://…" aria-label={t('settings.linkUrl')} onChange={(e) => set(i, { url: e.target.value })} />
            <button type="button" className="cs-btn cs-btn--xs" aria-label={t('ops.remove')} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              ×
            </button>
          </div>
        ))}
        {rows.length === 0 && <span className="cs-muted">{t('settings.noLinks')}</span>}
        <div>
          <button type="button" className="cs-btn cs-btn--xs" onClick={() => setRows([...rows, { name: '', url: '' }])}>
            {t('settings.addLink')}
          </button>
        </div>
      </div>
    </Card>
  );
}

const words = (s: string) =>
  s
    .split(/[\n,，]/)
    .map((w) => w.trim())
    .filter(Boolean);

function HotCard({ value }: { value: SiteSettings['hot'] }) {
  const { t } = useTranslation('console');
  const [pinned, setPinned] = useState(value.pinned.join('\n'));
  const [hidden, setHidden] = useState(value.hidden.join('\n'));
  return (
    <Card title={t('settings.hot')} testId="settings-hot" onSave={(reason) => ({ hot: { pinned: words(pinned), hidden: words(hidden) }, reason })}>
      <div className="cs-grid-form">
        <Field id="hot-pinned" label={t('settings.pinned')}>
          <textarea id="hot-pinned" className="cs-textarea" rows={4} value={pinned} onChange={(e) => setPinned(e.target.value)} />
        </Field>
        <Field id="hot-hidden" label={t('settings.hidden')}>
          <textarea id="hot-hidden" className="cs-textarea" rows={4} value={hidden} onChange={(e) => setHidden(e.target.value)} />
        </Field>
      </div>
      <p className="cs-muted">{t('settings.hotHint')}</p>
    </Card>
  );
}

function BannerCard({ value }: { value: SiteSettings['banner'] }) {
  const { t } = useTranslation('console');
  const [v, setV] = useState(value);
  const upload = useUpload('image', (r) => setV((x) => ({ ...x, image: r.url })));
  return (
    <Card title={t('settings.banner')} testId="settings-banner" onSave={(reason) => ({ banner: v, reason })}>
      <div className="cs-grid-form">
        <Field id="banner-on" label={t('settings.on')}>
          <input id="banner-on" type="checkbox" checked={v.on} onChange={(e) => setV({ ...v, on: e.target.checked })} />
        </Field>
        <Field id="banner-image" label={t('settings.image')}>
          <div className="cs-inline">
            <input id="banner-image" className="cs-input" maxLength={300} value={v.image} onChange={(e) => setV({ ...v, image: e.target.value })} />
            <label className="cs-btn cs-btn--xs">
              {upload.status === 'uploading' ? `${upload.percent}%` : t('gifts.upload')}
              <input type="file" accept="image/png,image/jpeg,image/webp" hidden onChange={(e) => e.target.files?.[0] && void upload.start(e.target.files[0])} />
            </label>
          </div>
        </Field>
        <Field id="banner-text" label={t('settings.text')}>
          <input id="banner-text" className="cs-input" maxLength={100} value={v.text} onChange={(e) => setV({ ...v, text: e.target.value })} />
        </Field>
        <Field id="banner-link" label={t('settings.link')}>
          <input id="banner-link" className="cs-input" maxLength={300} value={v.link} placeholder="/live?id=… · https://…" onChange={(e) => setV({ ...v, link: e.target.value })} />
        </Field>
      </div>
    </Card>
  );
}

function AnnouncementCard({ value }: { value: SiteSettings['announcement'] }) {
  const { t } = useTranslation('console');
  const [v, setV] = useState(value);
  return (
    <Card title={t('settings.announcement')} testId="settings-announcement" onSave={(reason) => ({ announcement: v, reason })}>
      <div className="cs-grid-form">
        <Field id="ann-on" label={t('settings.on')}>
          <input id="ann-on" type="checkbox" checked={v.on} onChange={(e) => setV({ ...v, on: e.target.checked })} />
        </Field>
        <Field id="ann-text" label={t('settings.text')}>
          <input id="ann-text" className="cs-input" maxLength={200} value={v.text} onChange={(e) => setV({ ...v, text: e.target.value })} />
        </Field>
        <Field id="ann-link" label={t('settings.link')}>
          <input id="ann-link" className="cs-input" maxLength={300} value={v.link} onChange={(e) => setV({ ...v, link: e.target.value })} />
        </Field>
      </div>
    </Card>
  );
}
