import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readFragment, type FragmentOf } from 'gql.tada';
import { adDetailPath } from './ad-path';
import { AdPicture } from './AdPicture';
import { AD_CARD_FIELDS } from './fragments';
import { pickText, readerLanguage } from './localized-text';
import { priceLabel, type OfferMode } from './price';
import './ads.css';

export type AdCardData = FragmentOf<typeof AD_CARD_FIELDS>;

interface AdCardProps {
  ad: AdCardData;
  /** The heading level of the title, so that cards fit the page's outline. */
  headingLevel?: 2 | 3;
  /** What a page adds under the card (the manage page's state and actions). */
  children?: ReactNode;
}

/** An ad as a card (spec §2): first image, title, category, offer modes with their prices, town. */
export function AdCard({ ad: masked, headingLevel = 2, children }: AdCardProps) {
  const { t, i18n } = useTranslation(['ads', 'adFields']);
  const ad = readFragment(AD_CARD_FIELDS, masked);
  const language = readerLanguage(i18n.language);
  const title = pickText(ad.title, language);
  const image = ad.images[0];
  const imageAlt = image ? pickText(image.alt, language) : null;
  const Heading = `h${headingLevel}` as const;
  const modes: { mode: OfferMode; price: string | null }[] = [];
  if (ad.rent) modes.push({ mode: 'rent', price: priceLabel(ad.rent, language, t) });
  if (ad.sale) modes.push({ mode: 'sale', price: priceLabel(ad.sale, language, t) });
  if (ad.trade) modes.push({ mode: 'trade', price: null });
  if (ad.donation) modes.push({ mode: 'donation', price: null });

  return (
    <article className="ad-card">
      <div className="ad-card__image">
        {image && (
          <AdPicture
            variants={image.variants}
            alt={imageAlt?.text ?? ''}
            // A description written in the other language only is read in that language's voice.
            lang={imageAlt?.otherLanguage ? imageAlt.language : undefined}
            sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw"
          />
        )}
      </div>
      <div className="ad-card__body">
        <Heading className="ad-card__title">
          <Link to={adDetailPath(ad.path)} lang={title?.otherLanguage ? title.language : undefined}>
            {title?.text ?? t('ads:untitled')}
          </Link>
        </Heading>
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
        <p className="ad-card__town">{ad.location.town}</p>
        {children}
      </div>
    </article>
  );
}
