import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_MAIN_PICTURE_SIZES } from '@partage/graphql';
import { AdPicture } from '../../lib/ads/AdPicture';
import { pickText, readerLanguage } from '../../lib/ads/localized-text';
import { Dialog } from '../../lib/ui/Dialog';
import type { AdDetail } from './AdDetailPage';

type AdImage = AdDetail['images'][number];

/**
 * The ad's images: the chosen one large, thumbnails to choose another, and a full-screen view (a modal
 * dialog: arrows go to the previous or next image, Escape closes it and focus goes back to its button).
 */
export function AdGallery({ images, adTitle }: { images: readonly AdImage[]; adTitle: string }) {
  const { t, i18n } = useTranslation('ads');
  const language = readerLanguage(i18n.language);
  const [current, setCurrent] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The view opens on its close button, so the arrows and Escape work at once.
  useEffect(() => {
    if (fullScreen) closeButton.current?.focus();
  }, [fullScreen]);
  const image = images[current] ?? images[0];
  if (!image) return null;
  const alt = (shown: AdImage) => pickText(shown.alt, language)?.text ?? adTitle;
  // A description written in the other language only is read in that language's voice.
  const altLang = (shown: AdImage) => {
    const picked = pickText(shown.alt, language);
    return picked?.otherLanguage ? picked.language : undefined;
  };
  const position = { position: current + 1, count: images.length };
  const step = (by: number) => setCurrent((at) => (at + by + images.length) % images.length);

  const onDialogKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };

  return (
    <section className="ad-gallery" aria-label={t('gallery.label')}>
      <div className="ad-gallery__main">
        {/* The first image is what the page is about: not lazy. */}
        <AdPicture
          variants={image.variants}
          alt={alt(image)}
          lang={altLang(image)}
          sizes={AD_MAIN_PICTURE_SIZES}
          loading={current === 0 ? 'eager' : 'lazy'}
        />
        <button
          ref={openButton}
          type="button"
          className="button button--secondary ad-gallery__full-screen"
          onClick={() => setFullScreen(true)}
        >
          {t('gallery.fullScreen')}
        </button>
      </div>
      {images.length > 1 && (
        <ul className="ad-gallery__thumbnails">
          {images.map((thumbnail, index) => (
            <li key={thumbnail.id}>
              <button
                type="button"
                className="ad-gallery__thumbnail"
                aria-pressed={index === current}
                aria-label={t('gallery.show', { position: index + 1, count: images.length, alt: alt(thumbnail) })}
                onClick={() => setCurrent(index)}
              >
                <AdPicture variants={thumbnail.variants} alt="" sizes="6rem" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={fullScreen}
        title={t('gallery.position', position)}
        onClose={() => {
          setFullScreen(false);
          openButton.current?.focus();
        }}
      >
        {/* The arrows work anywhere in the dialog; the buttons do the same for pointers and screen readers. */}
        <div className="ad-gallery__viewer" onKeyDown={onDialogKey}>
          {fullScreen && (
            <AdPicture
              variants={image.variants}
              alt={alt(image)}
              lang={altLang(image)}
              sizes="100vw"
              loading="eager"
              className="ad-gallery__large"
            />
          )}
          <div className="form-actions">
            {images.length > 1 && (
              <>
                <button type="button" className="button button--secondary" onClick={() => step(-1)}>
                  {t('gallery.previous')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => step(1)}>
                  {t('gallery.next')}
                </button>
              </>
            )}
            <button ref={closeButton} type="button" className="button" onClick={() => setFullScreen(false)}>
              {t('gallery.close')}
            </button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
