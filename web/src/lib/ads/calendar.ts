// An ad's calendar as the ad's page and the contract form read it: the periods contracts hold (dates
// only) and the availability its owner gave; ad-calendar.ts in @partage/graphql reads them.
import type { AdAvailability, WallClockPeriod } from '@partage/graphql';
import { graphql } from '../api/documents';
import { useApiQuery } from '../api/queries';

/** The booked dates (issue 20): what contracts hold, dates only. */
export const AD_BOOKED_PERIODS = graphql(`
  query AdBookedPeriods($adId: ID!) {
    adBookedPeriods(adId: $adId) {
      precision
      start
      end
    }
  }
`);

const AD_AVAILABILITY = graphql(`
  query AdAvailability($id: ID!) {
    ad(id: $id) {
      id
      availability {
        all
        day
        evening
        weekdays
        restrictions {
          date
          period
        }
      }
    }
  }
`);

export interface AdCalendar {
  booked: WallClockPeriod[];
  availability: AdAvailability;
}

/**
 * The ad's calendar, null until both halves are in (or for an ad not readable); `refetch` asks for the
 * booked dates again (a refusal says they changed).
 */
export function useAdCalendar(adId: string | undefined): { calendar: AdCalendar | null; refetch: () => void } {
  const booked = useApiQuery(AD_BOOKED_PERIODS, { adId: adId ?? '' }, { enabled: !!adId });
  const ad = useApiQuery(AD_AVAILABILITY, { id: adId ?? '' }, { enabled: !!adId });
  const periods = booked.data?.adBookedPeriods;
  const availability = ad.data?.ad?.availability;
  return {
    calendar: periods && availability ? { booked: periods, availability } : null,
    refetch: () => void booked.refetch(),
  };
}
