// A valid alert form input: for tests, the authorization matrix and the benchmark (no test runner imported here).

import type { CreateAlertInput } from '@partage/graphql';

/** Any kitchen within 10 km of Rosemont, Montréal, e-mailed in French to `email`. */
export function alertInput(email: string, overrides: Partial<CreateAlertInput> = {}): CreateAlertInput {
  return {
    criteria: {},
    place: { label: 'Rosemont, Montréal', latitude: 45.5429, longitude: -73.5758 },
    radiusKm: 10,
    email,
    language: 'FRENCH',
    ...overrides,
  };
}
