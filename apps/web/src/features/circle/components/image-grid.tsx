import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/shared/ui/dialog';

/** Post pictures as thumbnails (1, 2 or 3 per row); a click shows the large one. */
export function ImageGrid({ images }: { images: { url: string; thumb: string }[] }) {
  const { t } = useTranslation('circle');
  const [open, setOpen] = useState<number | null>(null);
  if (!images.length) return null;
  const cols = images.length === 1 ? 1 : images.length === 2 || images.length === 4 ? 2 : 3;
  return (
    <>
      <div className={`image-grid image-grid--${cols}`}>
        {images.map((img, i) => (
          <button key={img.url} type="button" className="image-grid__item" onClick={() => setOpen(i)} aria-label={t('openImage', { n: i + 1 })}>
            <img src={cols === 1 ? img.url : img.thumb} alt="" loading="lazy" />
          </button>
        ))}
      </div>
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)} title={t('image')} hideTitle width={1000} closeLabel={t('close')}>
        {open !== null && <img src={images[open].url} alt="" className="image-grid__large" />}
      </Dialog>
    </>
  );
}
