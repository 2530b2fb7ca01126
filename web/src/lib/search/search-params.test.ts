import { describe, expect, it } from 'vitest';
import {
  EMPTY_CRITERIA,
  effectiveSort,
  hasFilters,
  parseSearch,
  searchInputOf,
  searchParamsOf,
  type SearchCriteria,
} from './search-params';

const FULL: SearchCriteria = {
  categories: ['PROFESSIONAL_KITCHEN', 'DELIVERY_TRUCK'],
  modes: ['RENT', 'DONATION'],
  priceRanges: ['FROM_100_TO_500'],
  certifications: ['HACCP', 'GFSI'],
  day: true,
  evening: false,
  weekdays: ['MONDAY', 'SATURDAY'],
  keyword: 'four à pizza',
  place: { label: 'Rimouski, QC', latitude: 48.4489, longitude: -68.5236 },
  radiusKm: 50,
  sort: 'DATE_DESC',
};

const parse = (query: string) => parseSearch(new URLSearchParams(query));

describe('search criteria in the address', () => {
  it('survive the round trip through the query, with the view', () => {
    const params = searchParamsOf(FULL, 'liste');
    expect(params.toString()).toBe(
      'categories=PROFESSIONAL_KITCHEN%2CDELIVERY_TRUCK&modes=RENT%2CDONATION&prix=FROM_100_TO_500&certifications=HACCP%2CGFSI' +
        '&jour=1&jours=MONDAY%2CSATURDAY&q=four+%C3%A0+pizza&lieu=Rimouski%2C+QC&lat=48.4489&lng=-68.5236&rayon=50&tri=DATE_DESC&vue=liste',
    );
    expect(parseSearch(params)).toEqual({ criteria: FULL, view: 'liste' });
  });

  it('leave the query empty when nothing is filtered, and the defaults out', () => {
    expect(searchParamsOf(EMPTY_CRITERIA, 'cartes').toString()).toBe('');
    expect(parse('')).toEqual({ criteria: EMPTY_CRITERIA, view: 'cartes' });
    // The default radius and the default sort for the place need no parameter.
    const place = { label: 'Québec', latitude: 46.8, longitude: -71.2 };
    expect(searchParamsOf({ ...EMPTY_CRITERIA, place, radiusKm: 25, sort: 'DISTANCE_ASC' }, 'cartes').toString()).toBe(
      'lieu=Qu%C3%A9bec&lat=46.8&lng=-71.2',
    );
    expect(searchParamsOf({ ...EMPTY_CRITERIA, sort: 'DATE_DESC' }, 'cartes').toString()).toBe('');
  });

  it('drop unknown values and keep the known ones, whatever their case or order', () => {
    const { criteria, view } = parse(
      'categories=surplus,BOGUS,professional_kitchen&modes=RENT,RENT&prix=cheap&jours=FUNDAY&tri=price&vue=grid',
    );
    expect(criteria.categories).toEqual(['PROFESSIONAL_KITCHEN', 'SURPLUS']);
    expect(criteria.modes).toEqual(['RENT']);
    expect(criteria.priceRanges).toEqual([]);
    expect(criteria.weekdays).toEqual([]);
    expect(criteria.sort).toBeNull();
    expect(view).toBe('cartes');
  });

  it('drop a place with missing or impossible coordinates, and a radius out of bounds', () => {
    expect(parse('lat=46.8&lieu=Québec').criteria.place).toBeNull();
    expect(parse('lat=146.8&lng=-71.2').criteria.place).toBeNull();
    expect(parse('lat=abc&lng=-71.2').criteria.place).toBeNull();
    // Outside the area searches may be centred on (SEARCH_AREA): Paris.
    expect(parse('lat=48.85&lng=2.35').criteria.place).toBeNull();
    expect(parse('lat=46.8&lng=-71.2').criteria.place).toEqual({ label: '', latitude: 46.8, longitude: -71.2 });
    expect(parse('rayon=0').criteria.radiusKm).toBeNull();
    expect(parse('rayon=301').criteria.radiusKm).toBeNull();
    expect(parse('rayon=2.5').criteria.radiusKm).toBeNull();
    expect(parse('rayon=300').criteria.radiusKm).toBe(300);
  });

  it('drop a distance sort without a place, and cut an overlong keyword', () => {
    expect(parse('tri=DISTANCE_DESC').criteria.sort).toBeNull();
    expect(parse('tri=DISTANCE_DESC&lat=46.8&lng=-71.2').criteria.sort).toBe('DISTANCE_DESC');
    expect(parse(`q=${'a'.repeat(150)}`).criteria.keyword).toHaveLength(100);
  });
});

describe('the searchAds input', () => {
  it('asks for every criterion set, the place with its radius', () => {
    expect(searchInputOf(FULL)).toEqual({
      categories: ['PROFESSIONAL_KITCHEN', 'DELIVERY_TRUCK'],
      modes: ['RENT', 'DONATION'],
      priceRanges: ['FROM_100_TO_500'],
      certifications: ['HACCP', 'GFSI'],
      availability: { day: true, evening: false, weekdays: ['MONDAY', 'SATURDAY'] },
      keyword: 'four à pizza',
      near: { latitude: 48.4489, longitude: -68.5236, radiusKm: 50 },
      sort: 'DATE_DESC',
    });
  });

  it('leaves out what is not set, and uses the default radius', () => {
    expect(JSON.parse(JSON.stringify(searchInputOf(EMPTY_CRITERIA)))).toEqual({});
    expect(searchInputOf({ ...EMPTY_CRITERIA, place: { label: '', latitude: 46.8, longitude: -71.2 } }).near).toEqual({
      latitude: 46.8,
      longitude: -71.2,
      radiusKm: 25,
    });
  });

  it('sorts by distance by default with a place, by date without', () => {
    expect(effectiveSort(EMPTY_CRITERIA)).toBe('DATE_DESC');
    expect(effectiveSort({ ...FULL, sort: null })).toBe('DISTANCE_ASC');
    expect(hasFilters(EMPTY_CRITERIA)).toBe(false);
    expect(hasFilters({ ...EMPTY_CRITERIA, evening: true })).toBe(true);
  });
});
