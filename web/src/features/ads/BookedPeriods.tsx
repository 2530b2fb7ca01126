// The dates an ad is already booked for (issue 20 §6), beside its availability, to every reader: held
// while a tenant pays, or paid. Dates and hours only, nothing of the contracts (adBookedPeriods), in the
// words of the contracts themselves (formatContractPeriod).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatContractPeriod, type UiLanguage } from '@partage/graphql';
import { AD_BOOKED_PERIODS } from '../../lib/ads/calendar';
import { useApiQuery } from '../../lib/api/queries';

export function BookedPeriods({ adId, language }: { adId: string; language: UiLanguage }) {
  const { t } = useTranslation('ads');
  const headingId = useId();
  const query = useApiQuery(AD_BOOKED_PERIODS, { adId });
  const periods = query.data?.adBookedPeriods ?? [];
  return (
    <div className="ad-booked" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>{t('booked.title')}</h3>
      {query.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : query.isError ? (
        <p role="alert">
          {t('booked.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void query.refetch()}>
            {t('booked.retry')}
          </button>
        </p>
      ) : periods.length === 0 ? (
        <p>{t('booked.none')}</p>
      ) : (
        <ul className="ad-booked__list">
          {periods.map((period) => (
            <li key={`${period.start}-${period.end}`}>
              <time dateTime={period.start}>{formatContractPeriod(period, language)}</time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
