import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { EMPTY_CRITERIA } from '../../lib/search/search-params';
import { criteriaChips } from './criteria-chips';

const place = { label: 'Rimouski, QC', latitude: 48.4, longitude: -68.5 };

describe('criteria chips', () => {
  it('has none for a search without criteria, and none for the sort alone', async () => {
    await i18n.loadNamespaces(['search', 'criteria', 'adFields']);
    expect(criteriaChips(EMPTY_CRITERIA, i18n.t)).toEqual([]);
    expect(criteriaChips({ ...EMPTY_CRITERIA, sort: 'PRICE_ASC' }, i18n.t)).toEqual([]);
  });

  it('names each criterion once and removes only it; the place goes with its radius', async () => {
    await i18n.loadNamespaces(['search', 'criteria', 'adFields']);
    const criteria = {
      ...EMPTY_CRITERIA,
      keyword: ' four ',
      place,
      radiusKm: 40,
      modes: ['RENT' as const, 'SALE' as const],
      evening: true,
      sort: 'DISTANCE_ASC' as const,
    };
    const chips = criteriaChips(criteria, i18n.t);
    expect(chips.map((chip) => chip.label)).toEqual(['“four”', 'Rimouski, QC, 40 km', 'Rent', 'Sale', 'Evening']);
    const byLabel = (label: string) => chips.find((chip) => chip.label === label)!.without;
    expect(byLabel('Rimouski, QC, 40 km')).toEqual({ ...criteria, place: null, radiusKm: null });
    expect(byLabel('Rent')).toEqual({ ...criteria, modes: ['SALE'] });
    expect(byLabel('Evening')).toEqual({ ...criteria, evening: false });
    // The default radius is said too: the search is that far around the place.
    expect(criteriaChips({ ...EMPTY_CRITERIA, place }, i18n.t)[0]!.label).toBe('Rimouski, QC, 25 km');
  });
});
