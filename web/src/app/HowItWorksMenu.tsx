// The anonymous header's "how it works" (spec §2): a disclosure (a button that shows or hides a list
// of links), not an ARIA menu, since its entries are plain links read and tabbed through as such.
// Escape closes it and gives the focus back to the button; a click elsewhere or a new page closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../lib/site-settings';
import { PATHS } from './paths';

export function HowItWorksMenu() {
  const { t } = useTranslation();
  const { videoUrl } = useSiteSettings();
  // Open on the page where it was opened: a new page (one of its links, the back button) closes it.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const setOpen = (next: boolean) => setOpenOn(next ? location.key : null);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  return (
    <div
      className="disclosure"
      ref={containerRef}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
      }}
      // Tabbing past the last link leaves the list open behind the focus otherwise.
      onBlur={(event) => {
        if (event.relatedTarget && !containerRef.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="disclosure__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {t('nav.howItWorks')}
      </button>
      {/* A followed link closes it at once, without waiting for the next page's chunk. */}
      <ul
        id={listId}
        className="disclosure__list"
        hidden={!open}
        onClick={(event) => (event.target as Element).closest('a') && setOpen(false)}
      >
        <li>
          <Link to={PATHS.shareEquipment}>{t('nav.postAd')}</Link>
        </li>
        <li>
          <Link to={PATHS.findEquipment}>{t('nav.viewAds')}</Link>
        </li>
        {videoUrl && (
          <li>
            <a href={videoUrl} target="_blank" rel="noopener noreferrer">
              {t('nav.video')}
              <span className="visually-hidden"> {t('nav.newTab')}</span>
            </a>
          </li>
        )}
        <li>
          <Link to={PATHS.faq}>{t('nav.faq')}</Link>
        </li>
      </ul>
    </div>
  );
}
