// The heart of an ad (its card, its page): signed-in users save or remove the ad in one press. A
// toggle button (aria-pressed) named with the ad's title, so that a list of hearts reads apart.
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session';
import { useFavouriteIds, useToggleFavourite } from './use-favourites';
import './favourites.css';

interface FavouriteButtonProps {
  adId: string;
  /** The ad's title as the reader sees it. */
  title: string;
  className?: string;
}

/** Nothing for visitors: saving needs an account, and the button would only lead to the login. */
export function FavouriteButton(props: FavouriteButtonProps) {
  return useSession() ? <SignedInFavouriteButton {...props} /> : null;
}

function SignedInFavouriteButton({ adId, title, className = '' }: FavouriteButtonProps) {
  // The namespace of the cards: a page showing cards loads it with its own words (card-view.ts).
  const { t } = useTranslation('ads');
  const saved = useFavouriteIds().has(adId);
  const toggle = useToggleFavourite();
  return (
    <button
      type="button"
      className={`favourite-button ${className}`.trim()}
      aria-pressed={saved}
      aria-label={t(saved ? 'favourite.remove' : 'favourite.add', { title })}
      onClick={() => toggle.mutate({ adId, save: !saved })}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.5 3.3 5 6.8 5c2 0 3.5 1.1 4.2 2.4h2C13.7 6.1 15.2 5 17.2 5c3.5 0 5.6 3.5 4.3 6.7C19.5 16.4 12 21 12 21z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
