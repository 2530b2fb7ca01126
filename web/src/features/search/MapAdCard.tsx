// The card a pin opens over the search map (issue 36 §2): the ad at a glance and its link, without leaving
// the map. Opened by the pin, it takes the focus on its link; Escape or its × closes it and gives the focus
// back to the pin.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdCard } from '../../lib/ads/AdCard';
import { cardOfSummary, type AdSummary } from '../../lib/ads/card-view';
import { CloseButton } from '../../lib/ui/CloseButton';

export function MapAdCard({ ad, onClose }: { ad: AdSummary; onClose: () => void }) {
  const { t } = useTranslation('search');
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => card.current?.querySelector<HTMLElement>('.ad-card__title a')?.focus(), [ad.id]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  return (
    <div ref={card} className="search-map__card" role="group" aria-label={t('search:map.card')} onKeyDown={closeOnEscape}>
      {/* No heart here: its corner is the ×'s, and the ad's page is one tap away. */}
      <AdCard ad={cardOfSummary(ad)} headingLevel={3} favourite={false} />
      <CloseButton corner label={t('search:map.closeCard')} onClick={onClose} />
    </div>
  );
}
