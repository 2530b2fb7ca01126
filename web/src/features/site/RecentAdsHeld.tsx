import type { ReactNode } from 'react';
import { RECENT_ADS_COUNT } from './recent-ads-count';
// The real cards' boxes: the placeholders show before the cards' chunk (and its stylesheet) is asked for.
import '../../lib/ads/ads.css';

/** The section's space while the ads are not there: grey cards with the real cards' boxes, and a message over them. */
export function RecentAdsHeld({ message }: { message?: ReactNode }) {
  return (
    <div className="recent-ads__held" aria-busy={!message}>
      <ul className="ad-grid recent-ads__grid recent-ads__placeholders" aria-hidden="true">
        {Array.from({ length: RECENT_ADS_COUNT }, (_, index) => (
          <li key={index}>
            <div className="ad-card">
              <div className="ad-card__image" />
              <div className="ad-card__body" />
            </div>
          </li>
        ))}
      </ul>
      {message && <div className="recent-ads__overlay">{message}</div>}
    </div>
  );
}
