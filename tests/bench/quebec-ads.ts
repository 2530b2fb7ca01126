// The benchmarks' ads and places, spread like Quebec's population: the towns of the bundled place
// data weighted by population, each point jittered around its town (dense in Montréal and Québec,
// sparse in the regions); the ads composed from the demo ads' bilingual texts. Seeded: a run is
// the same every time. Shared by the search and digest benchmarks.

import type { AdRecord } from '../../functions/data/ads';
import { normalizeAdInput } from '../../functions/domain/ads/ad-input';
import type { demoAds } from '../../functions/domain/ads/demo-ads';
import { seededRandom } from '../../functions/domain/ads/demo-images';
import quebecPlaces from '../../functions/domain/places/quebec-places.json' with { type: 'json' };

/** Towns weighted by population; spread (km) grows with it, so a city's ads cover its whole area. */
const towns = (quebecPlaces as unknown as { towns: [string, number, number, number][] }).towns.map(
  ([name, latitude, longitude, population]) => ({
    name,
    latitude,
    longitude,
    population,
    spreadKm: 1.5 + Math.sqrt(population) / 100,
  }),
);
const totalPopulation = towns.reduce((sum, town) => sum + town.population, 0);

export function quebecAds(seed: number) {
  const random = seededRandom(seed);

  function pickTown() {
    let left = random() * totalPopulation;
    for (const town of towns) if ((left -= town.population) <= 0) return town;
    return towns.at(-1)!;
  }

  /** A point of a town picked by population, uniform over a disc of the town's spread. */
  function quebecPoint() {
    const town = pickTown();
    const distance = town.spreadKm * Math.sqrt(random());
    const angle = random() * 2 * Math.PI;
    const latitude = town.latitude + (distance * Math.cos(angle)) / 111.2;
    const longitude = town.longitude + (distance * Math.sin(angle)) / (111.2 * Math.cos((town.latitude * Math.PI) / 180));
    return { town: town.name, latitude, longitude };
  }

  /** The bench's ads: the demo ads' texts and offers, placed anew; published over the last `days` days. */
  function benchAd(i: number, templates: ReturnType<typeof demoAds>, now: number, days: number): AdRecord {
    const template = templates[i % templates.length]!;
    const { town, latitude, longitude } = quebecPoint();
    // The template's town named in its texts becomes the new one.
    const input = JSON.parse(
      JSON.stringify(template.input).replaceAll(template.input.address.town, town.replaceAll('"', '')),
    ) as typeof template.input;
    const content = { ...normalizeAdInput(input), images: [] };
    content.address = { ...content.address, town, latitude, longitude };
    const at = new Date(now - Math.floor(random() * days * 86_400_000)).toISOString();
    return {
      id: `bench-${String(i).padStart(6, '0')}`,
      ownerId: `owner-${i % 5000}`,
      unlisted: false,
      published: true,
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
      version: 2,
      content,
    };
  }

  return { random, quebecPoint, benchAd };
}
