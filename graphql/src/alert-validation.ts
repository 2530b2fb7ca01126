// The rules of an alert (createAlert, updateAlert), shared by the alert form and the server: the place
// and radius follow the search's rules (a search centre, a radius in SEARCH_RADIUS_KM), the address
// the account rules. Lengths and characters of the texts come from INPUT_MAX_LENGTHS like every text.

import type { CreateAlertInput } from './generated/types';
import { radiusKm, searchCentre } from './search-validation';
import { email, required, type RuleResult } from './validation';

/** Paths are relative to the input (`place.label`); the server prefixes them with `input.`. */
export function alertInputChecks(input: Pick<CreateAlertInput, 'place' | 'radiusKm' | 'email'>): Array<[string, RuleResult]> {
  return [
    ['place.label', required(input.place.label.trim())],
    ['place.latitude', searchCentre(input.place.latitude, input.place.longitude)],
    ['radiusKm', radiusKm(input.radiusKm)],
    ['email', required(input.email) ?? email(input.email)],
  ];
}
