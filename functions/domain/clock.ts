/** Epoch seconds: the unit of JWT times and of the table's `ttl` attribute. */
export const epochSeconds = (date: Date = new Date()): number => Math.floor(date.getTime() / 1000);
