/**
 * Where an alert made of a search's criteria and place is created: the search's parameters, same names
 * (search-params.ts). Its own module: the shell's paths need it, not the search's rules.
 */
export const ALERT_CREATION_PATH = '/alertes/creer';
