// How the chat shows times and sizes in the reader's language.

/** Today: the time; this year: day and month; before: the short date. */
export function messageTime(iso: string, language: string, now = new Date()): string {
  const at = new Date(iso);
  const locale = `${language}-CA`;
  if (at.toDateString() === now.toDateString()) return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(at);
  const sameYear = at.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, sameYear ? { day: 'numeric', month: 'short' } : { dateStyle: 'short' }).format(at);
}

/** The full date and time, for a message's tooltip and screen readers. */
export const fullTime = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(`${language}-CA`, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** 2.4 MB, 830 kB, 12 B: in the reader's number format. */
export function fileSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(`${language}-CA`, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
