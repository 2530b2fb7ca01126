/** How many of the latest ads the landing page shows. */
export const RECENT_ADS_COUNT = 6;
