import { useId, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { addressLine, type UiLanguage } from '@partage/graphql';
import { editAdPath, PATHS, publicProfilePath, startConversationPath } from '../../app/paths';
import { loginPathReturningTo } from '../../app/return-path';
import { adDetailPath, adIdFromPath } from '../../lib/ads/ad-path';
import { pickText, readerLanguage, type LocalizedText } from '../../lib/ads/localized-text';
import { FavouriteButton } from '../../lib/favourites/FavouriteButton';
import { OtherLanguageNote } from '../../lib/ads/OtherLanguageNote';
import { priceLabel, type PriceOfferValue } from '../../lib/ads/price';
import type { ResultOf } from '../../lib/api/documents';
import { useSession } from '../../lib/auth/session';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { LoadFailure } from '../../lib/profile-form/LoadFailure';
import { ReportButton } from '../../lib/reports/ReportButton';
import { displayPhone } from '../../lib/profile-form/profile-values';
import { longDate } from './ad-dates';
import { OverallRating } from '../../lib/ratings/Averages';
import { AdGallery } from './AdGallery';
import { AdMap } from './AdMap';
import { BookedPeriods } from './BookedPeriods';
import { EquipmentReviews } from './EquipmentReviews';
import { AD_DETAIL } from './operations';
import { useAd } from './use-ad';
import './ads-pages.css';

export type AdDetail = NonNullable<ResultOf<typeof AD_DETAIL>['ad']>;

/** `/annonces/{slug}-{id}` (spec §2): an ad, in the reader's language. An out-of-date slug goes to the current one. */
export function AdDetailPage() {
  const { slugAndId = '' } = useParams();
  const { t } = useTranslation(['ads', 'adFields', 'profile']);
  const [load, retry] = useAd(AD_DETAIL, adIdFromPath(slugAndId));

  if (load.status === 'notFound') return <AdNotFound />;
  // Old links keep working after a title change: the id finds the ad, the address becomes the current one.
  if (load.status === 'ready' && load.ad.path !== slugAndId) return <Navigate to={adDetailPath(load.ad.path)} replace />;
  if (load.status === 'ready') return <AdDetails ad={load.ad} />;
  return (
    <div className="page page--narrow">
      <PageHeading title={t('detail.title')} />
      {load.status === 'loading' ? (
        <p role="status" className="page-loading">
          {t('common:loading')}
        </p>
      ) : (
        <LoadFailure failure={load.failure} onRetry={retry} />
      )}
    </div>
  );
}

function PageHeading({ title, lang }: { title: string; lang?: string }) {
  usePageTitle(title);
  return <h1 lang={lang}>{title}</h1>;
}

function AdNotFound() {
  const { t } = useTranslation('ads');
  return (
    <div className="page page--narrow">
      <PageHeading title={t('notFound.title')} />
      <p>{t('notFound.body')}</p>
      <Link to={PATHS.adList} className="button">
        {t('notFound.back')}
      </Link>
    </div>
  );
}

/** A text in the reader's language, or in the other one with a marker saying so. */
function Localized({ value, html = false }: { value: LocalizedText; html?: boolean }) {
  const { i18n } = useTranslation();
  const picked = pickText(value, readerLanguage(i18n.language));
  if (!picked) return null;
  const lang = picked.otherLanguage ? picked.language : undefined;
  return (
    <>
      <OtherLanguageNote picked={picked} />
      {html ? (
        // Rich text the server sanitised (ads.graphql: Ad.description).
        <div className="ad-rich-text" lang={lang} dangerouslySetInnerHTML={{ __html: picked.text }} />
      ) : (
        <p className="ad-note" lang={lang}>
          {picked.text}
        </p>
      )}
    </>
  );
}

function AdDetails({ ad }: { ad: AdDetail }) {
  const { t, i18n } = useTranslation(['ads', 'adFields']);
  const language = readerLanguage(i18n.language);
  const title = pickText(ad.title, language);
  const titleText = title?.text ?? t('untitled');

  return (
    <article className="page ad-detail">
      <header className="ad-detail__header">
        <p className="ad-detail__category">{t(`adFields:categories.${ad.category}`)}</p>
        <PageHeading title={titleText} lang={title?.otherLanguage ? title.language : undefined} />
        <OtherLanguageNote picked={title} />
        <OverallRating overall={ad.equipmentRatings.overall} count={ad.equipmentRatings.count} className="ad-detail__rating" />
        {(ad.unlisted || !ad.published) && (
          <p className="notice notice--info">{t(ad.unlisted ? 'detail.unlistedNotice' : 'detail.unpublishedNotice')}</p>
        )}
        <AdActions ad={ad} title={titleText} />
      </header>
      {ad.images.length > 0 && <AdGallery images={ad.images} adTitle={titleText} />}
      <Section title={t('detail.description')}>
        <Localized value={ad.description} html />
      </Section>
      <CategoryDetails ad={ad} />
      <Offers ad={ad} language={language} />
      <AvailabilitySection adId={ad.id} availability={ad.availability} language={language} />
      {ad.certifications.length > 0 && (
        <Section title={t('detail.certifications')}>
          <ul>
            {ad.certifications.map((certification) => (
              <li key={certification}>{t(`adFields:certifications.${certification}`)}</li>
            ))}
          </ul>
        </Section>
      )}
      {ad.allergens.length > 0 && (
        <Section title={t('detail.allergens')}>
          <ul>
            {ad.allergens.map((allergen) => (
              <li key={allergen}>{t(`adFields:allergens.${allergen}`)}</li>
            ))}
          </ul>
        </Section>
      )}
      {ad.equipmentRatings.count > 0 && (
        <Section title={t('detail.equipmentRatings')}>{(titleId) => <EquipmentReviews ad={ad} titleId={titleId} />}</Section>
      )}
      <LocationSection location={ad.location} />
      <ContactSection ad={ad} />
    </article>
  );
}

/** Save it (the heart), contact the owner (visitors log in first, then the conversation opens), or edit one's own ad. */
function AdActions({ ad, title }: { ad: AdDetail; title: string }) {
  const { t } = useTranslation('ads');
  const { t: tReports } = useTranslation('reports');
  const session = useSession();
  // Conversations are between users (spec §2): not with oneself, and not for administrators.
  const canContact = !ad.editable && !ad.unlisted && session?.role !== 'ADMIN';
  // A visitor logs in first and lands in the conversation, without clicking contact a second time.
  const contactPath = session ? startConversationPath(ad.id) : loginPathReturningTo(startConversationPath(ad.id));
  // Any signed-in user but its owner may report it (administrators act on reports instead).
  const canReport = session?.role === 'USER' && !ad.editable;
  // Only what anyone may find is saved: a published, listed ad (FavouriteButton shows nothing to visitors).
  const canSave = ad.published && !ad.unlisted;
  if (!canContact && !ad.editable && !canSave) return null;
  return (
    <div className="form-actions">
      {canSave && <FavouriteButton adId={ad.id} title={title} />}
      {canContact && (
        <Link to={contactPath} className="button">
          {t('detail.contact')}
        </Link>
      )}
      {canReport && <ReportButton kind="AD" itemId={ad.id} label={tReports('ad')} />}
      {ad.editable && (
        <Link to={editAdPath(ad.id)} className="button button--secondary">
          {t('detail.edit')}
        </Link>
      )}
    </div>
  );
}

/** A section named by its heading; `children` may take the heading's id (a list it names). */
function Section({ title, children }: { title: string; children: ReactNode | ((titleId: string) => ReactNode) }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="ad-detail__section">
      <h2 id={titleId}>{title}</h2>
      {typeof children === 'function' ? children(titleId) : children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ad-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The fields of the ad's category (spec §3), each only when filled in. */
function CategoryDetails({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation(['ads', 'adFields']);
  const yesNo = (value: boolean | null | undefined) => (value == null ? null : t(value ? 'detail.yes' : 'detail.no'));
  const withOther = (label: string, other: string | null | undefined) => (other ? t('detail.otherSpecified', { label, other }) : label);
  const kitchen = ad.professionalKitchenEquipment.map((item) =>
    item === 'OTHER'
      ? withOther(t('adFields:kitchenEquipment.OTHER'), ad.professionalKitchenEquipmentOther)
      : t(`adFields:kitchenEquipment.${item}`),
  );
  const facts: [label: string, value: ReactNode][] = [
    [t('detail.fields.descriptionOther'), ad.descriptionOther],
    [
      t('detail.fields.truckType'),
      ad.deliveryTruckType &&
        (ad.deliveryTruckType === 'OTHER'
          ? withOther(t('adFields:truckTypes.OTHER'), ad.deliveryTruckTypeOther)
          : t(`adFields:truckTypes.${ad.deliveryTruckType}`)),
    ],
    [t('detail.fields.canHaveDriver'), yesNo(ad.canHaveDriver)],
    [t('detail.fields.canShareRoad'), yesNo(ad.canShareRoad)],
    [t('detail.fields.refrigerated'), yesNo(ad.refrigerated)],
    [t('detail.fields.conditionsTypeDeliveryTruck'), ad.conditionsTypeDeliveryTruck],
    [t('detail.fields.surfaceDescription'), ad.surfaceDescription],
    [t('detail.fields.surfaceSize'), ad.surfaceSize],
    [t('detail.fields.equipment'), ad.equipment],
    [t('detail.fields.conditions'), ad.conditions],
  ];
  const shown = facts.filter(([, value]) => value != null && value !== '');
  if (shown.length === 0 && kitchen.length === 0) return null;
  return (
    <Section title={t('detail.details')}>
      <dl className="ad-facts">
        {kitchen.length > 0 && (
          <Fact label={t('detail.fields.kitchenEquipment')}>
            <ul className="ad-inline-list">
              {kitchen.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Fact>
        )}
        {shown.map(([label, value]) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
      </dl>
    </Section>
  );
}

type PriceOffer = PriceOfferValue & { description: LocalizedText };

/** Rent, sale, trade and donation as offered, prices in the money format of spec §9. */
function Offers({ ad, language }: { ad: AdDetail; language: UiLanguage }) {
  const { t } = useTranslation(['ads', 'adFields']);
  const priced = (mode: 'rent' | 'sale', offer: PriceOffer | null) =>
    offer && (
      <Fact key={mode} label={t(`adFields:modes.${mode}`)}>
        <p className="ad-price">{priceLabel({ ...offer, taxMode: ad.taxMode }, language, t)}</p>
        <Localized value={offer.description} />
      </Fact>
    );
  const described = (mode: 'trade' | 'donation', offer: { description: LocalizedText } | null) =>
    offer && (
      <Fact key={mode} label={t(`adFields:modes.${mode}`)}>
        <Localized value={offer.description} />
      </Fact>
    );
  return (
    <Section title={t('detail.offer')}>
      <dl className="ad-facts">
        {priced('rent', ad.rent)}
        {ad.cancellationPolicy && (
          <Fact label={t('adFields:cancellationPolicyLabel')}>
            <p>{t(`adFields:cancellationPolicyTerms.${ad.cancellationPolicy}`)}.</p>
          </Fact>
        )}
        {priced('sale', ad.sale)}
        {described('trade', ad.trade)}
        {described('donation', ad.donation)}
      </dl>
    </Section>
  );
}

function AvailabilitySection({
  adId,
  availability,
  language,
}: {
  adId: string;
  availability: AdDetail['availability'];
  language: UiLanguage;
}) {
  const { t } = useTranslation(['ads', 'adFields']);
  const periods = [availability.day && t('adFields:dayPeriods.DAY'), availability.evening && t('adFields:dayPeriods.EVENING')].filter(
    (period): period is string => Boolean(period),
  );
  return (
    <Section title={t('detail.availability')}>
      {availability.all ? (
        <p>{t('detail.availableAlways')}</p>
      ) : (
        <dl className="ad-facts">
          {periods.length > 0 && <Fact label={t('detail.periods')}>{periods.join(', ')}</Fact>}
          {availability.weekdays.length > 0 && (
            <Fact label={t('detail.weekdays')}>{availability.weekdays.map((day) => t(`adFields:weekdays.${day}`)).join(', ')}</Fact>
          )}
        </dl>
      )}
      {availability.restrictions.length > 0 && (
        <>
          <h3>{t('detail.restrictions')}</h3>
          <ul>
            {availability.restrictions.map(({ date, period }) => (
              <li key={`${date}-${period}`}>
                {t('detail.restriction', { date: longDate(date, language), period: t(`adFields:dayPeriods.${period}`) })}
              </li>
            ))}
          </ul>
        </>
      )}
      <BookedPeriods adId={adId} language={language} />
    </Section>
  );
}

function LocationSection({ location }: { location: AdDetail['location'] }) {
  const { t } = useTranslation('ads');
  const place = addressLine(location);
  return (
    <Section title={t('detail.location')}>
      <p>{place}</p>
      <figure className="ad-map">
        <AdMap
          latitude={location.latitude}
          longitude={location.longitude}
          radiusMeters={location.exact ? 0 : location.radiusMeters}
          label={t(location.exact ? 'map.exactLabel' : 'map.approximateLabel', { town: location.town })}
        />
        {!location.exact && <figcaption>{t('map.approximate')}</figcaption>}
      </figure>
    </Section>
  );
}

/** Who offers the ad and how to reach them: only the details the owner shows (AdContact). */
function ContactSection({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('ads');
  const { contact } = ad;
  // The organisation named on the ad, else the owner's; a public name is often the organisation's already.
  const organization = ad.organization || contact.organizationName;
  // The server gives a visitor no e-mail or phone (scrapers read public pages): say how to see them.
  const signedIn = useSession() !== null;
  return (
    <Section title={t('detail.contactDetails')}>
      <dl className="ad-facts">
        <Fact label={t('detail.owner')}>
          {contact.userId ? <Link to={publicProfilePath(contact.userId)}>{contact.publicName}</Link> : contact.publicName}
        </Fact>
        {organization && organization !== contact.publicName && <Fact label={t('detail.organization')}>{organization}</Fact>}
        {contact.email && (
          <Fact label={t('detail.email')}>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </Fact>
        )}
        {contact.phoneNumber && (
          <Fact label={t('detail.phone')}>
            <a href={`tel:${contact.phoneNumber}`}>{displayPhone(contact.phoneNumber)}</a>
          </Fact>
        )}
      </dl>
      {!signedIn && contact.userId && (
        <p>
          <Link to={loginPathReturningTo(adDetailPath(ad.path))}>{t('detail.loginForContact')}</Link>
        </p>
      )}
    </Section>
  );
}
