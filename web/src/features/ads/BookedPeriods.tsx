// The dates an ad is already booked for (issue 20 §6), beside its availability, to every reader: held
// while a tenant pays, or paid. Dates and hours only, nothing of the contracts (adBookedPeriods).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { UiLanguage } from '@partage/graphql';
import { useApiQuery } from '../../lib/api/queries';
import { dayBefore, hourOf, longDate } from './ad-dates';
import { AD_BOOKED_PERIODS } from './operations';

interface Period {
  precision: 'DAY' | 'HOUR';
  start: string;
  end: string;
}

/** A booked period in words: its days (the last one included), or its day and hours. */
function periodText(period: Period, language: UiLanguage, t: TFunction<'ads'>): string {
  if (period.precision === 'DAY') {
    const last = dayBefore(period.end);
    return last === period.start
      ? longDate(period.start, language)
      : t('booked.days', { start: longDate(period.start, language), end: longDate(last, language) });
  }
  const [startDay, endDay] = [period.start.slice(0, 10), period.end.slice(0, 10)];
  return startDay === endDay
    ? t('booked.hours', { date: longDate(startDay, language), start: hourOf(period.start, language), end: hourOf(period.end, language) })
    : t('booked.days', {
        start: `${longDate(startDay, language)}, ${hourOf(period.start, language)}`,
        end: `${longDate(endDay, language)}, ${hourOf(period.end, language)}`,
      });
}

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
              <time dateTime={period.start}>{periodText(period, language, t)}</time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
