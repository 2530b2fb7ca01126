import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FavouriteButton } from '../favourites/FavouriteButton';
import { adDetailPath } from './ad-path';
import { OverallRating } from '../ratings/Averages';
import { AdPicture } from './AdPicture';
import { AD_CARD_NAMESPACES, type AdCardView } from './card-view';
import { pickText, readerLanguage } from './localized-text';
import { OtherLanguageNote } from './OtherLanguageNote';
import { cardPriceLabel, type OfferMode } from './price';
import { townLabel } from './town-label';
import './ads.css';

interface AdCardProps {
  ad: AdCardView;
  /** The heading level of the title, so that cards fit the page's outline. */
  headingLevel?: 2 | 3;
  /** What a page adds under the card (the manage page's state and actions). */
  children?: ReactNode;
  /** Shown as the one pointed at elsewhere (its marker on the search map). */
  highlighted?: boolean;
  /** The pointer or the focus enters (true) or leaves (false) the card. */
  onHighlight?: (on: boolean) => void;
  /** False: no heart (the owner's own ads, published or not, on their manage page). */
  favourite?: boolean;
  /**
   * The card a phone shows first (a list's first): its picture is the page's largest paint, fetched at once
   * with a high priority as soon as the HTML names it, instead of lazily once laid out.
   */
  firstSeen?: boolean;
}

/** An ad as a card (spec §2): first image, title, category, offer modes with their prices, town, distance, the equipment's rating. */
export function AdCard({
  ad,
  headingLevel = 2,
  children,
  highlighted = false,
  onHighlight,
  favourite = true,
  firstSeen = false,
}: AdCardProps) {
  const { t, i18n } = useTranslation(AD_CARD_NAMESPACES);
  const language = readerLanguage(i18n.language);
  const title = pickText(ad.title, language);
  const imageAlt = ad.image ? pickText(ad.image.alt, language) : null;
  const Heading = `h${headingLevel}` as const;
  const modes = offerLines(ad, (offer) => cardPriceLabel(offer, language, t));

  return (
    <article
      className={highlighted ? 'ad-card ad-card--highlighted' : 'ad-card'}
      data-ad-id={ad.id}
      onMouseEnter={onHighlight && (() => onHighlight(true))}
      onMouseLeave={onHighlight && (() => onHighlight(false))}
      onFocus={onHighlight && (() => onHighlight(true))}
      onBlur={onHighlight && (() => onHighlight(false))}
    >
      <div className="ad-card__image">
        {ad.image && (
          <AdPicture
            variants={ad.image.variants}
            alt={imageAlt?.text ?? ''}
            // A description written in the other language only is read in that language's voice.
            lang={imageAlt?.otherLanguage ? imageAlt.language : undefined}
            sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw"
            loading={firstSeen ? 'eager' : 'lazy'}
            fetchPriority={firstSeen ? 'high' : undefined}
          />
        )}
      </div>
      {favourite && <FavouriteButton adId={ad.id} title={title?.text ?? t('ads:untitled')} className="favourite-button--card" />}
      <div className="ad-card__body">
        <Heading className="ad-card__title">
          <Link to={adDetailPath(ad.path)} lang={title?.otherLanguage ? title.language : undefined}>
            {title?.text ?? t('ads:untitled')}
          </Link>
        </Heading>
        <OtherLanguageNote picked={title} />
        <p className="ad-card__category">{t(`adFields:categories.${ad.category}`)}</p>
        {modes.length > 0 && (
          <ul className="ad-card__modes" aria-label={t('ads:card.modes')}>
            {modes.map(({ mode, price }) => (
              <li key={mode}>
                {price ? t('ads:card.modeWithPrice', { mode: t(`adFields:modes.${mode}`), price }) : t(`adFields:modes.${mode}`)}
              </li>
            ))}
          </ul>
        )}
        <p className="ad-card__town">{townLabel(ad, language, t)}</p>
        <OverallRating overall={ad.ratings.overall} count={ad.ratings.count} className="ad-card__rating" />
        {children}
      </div>
    </article>
  );
}

/** The ways an ad is offered, in the order of OFFER_MODES, with the rent and sale prices. */
export function offerLines(ad: AdCardView, price: (offer: NonNullable<AdCardView['rent']>) => string) {
  const modes: { mode: OfferMode; price: string | null }[] = [];
  if (ad.rent) modes.push({ mode: 'rent', price: price(ad.rent) });
  if (ad.sale) modes.push({ mode: 'sale', price: price(ad.sale) });
  if (ad.trade) modes.push({ mode: 'trade', price: null });
  if (ad.donation) modes.push({ mode: 'donation', price: null });
  return modes;
}
