// EventBridge cron expressions (six fields: minutes hours day-of-month month day-of-week year, UTC)
// for the local scheduler: the next instant one fires. Supports what EventBridge accepts except
// the L, W and # day forms, which are refused rather than misread.

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface FieldSpec {
  min: number;
  max: number;
  names?: string[];
}

const FIELDS: FieldSpec[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 1, max: 7, names: WEEKDAYS },
  { min: 1970, max: 2199 },
];

function parseField(text: string, { min, max, names }: FieldSpec): Set<number> {
  const values = new Set<number>();
  const value = (token: string) => {
    const named = names?.indexOf(token.toUpperCase()) ?? -1;
    const number = named >= 0 ? named + min : Number(token);
    if (!Number.isInteger(number) || number < min || number > max) throw new Error(`Invalid cron value "${token}"`);
    return number;
  };
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`Invalid cron step "${part}"`);
    const [from, to] =
      range === '*' || range === '?'
        ? [min, max]
        : range.includes('-')
          ? (range.split('-').map(value) as [number, number])
          : [value(range), stepText === undefined ? value(range) : max];
    for (let n = from; n <= to; n += step) values.add(n);
  }
  return values;
}

export interface Cron {
  /** The first instant strictly after `after`, to the minute. */
  nextAfter(after: Date): Date;
}

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 6) throw new Error(`A cron expression has six fields: "${expression}"`);
  const [minutes, hours, days, months, weekdays, years] = parts.map((part, index) => parseField(part, FIELDS[index]!));
  const dayMatches = (date: Date) =>
    days!.has(date.getUTCDate()) &&
    months!.has(date.getUTCMonth() + 1) &&
    weekdays!.has(date.getUTCDay() + 1) &&
    years!.has(date.getUTCFullYear());
  return {
    nextAfter(after) {
      const candidate = new Date(after);
      candidate.setUTCSeconds(0, 0);
      candidate.setUTCMinutes(candidate.getUTCMinutes() + 1);
      const limit = after.getTime() + 5 * 366 * 86_400_000;
      while (candidate.getTime() <= limit) {
        if (!dayMatches(candidate)) {
          candidate.setUTCHours(24, 0, 0, 0);
        } else if (!hours!.has(candidate.getUTCHours())) {
          candidate.setUTCHours(candidate.getUTCHours() + 1, 0, 0, 0);
        } else if (!minutes!.has(candidate.getUTCMinutes())) {
          candidate.setUTCMinutes(candidate.getUTCMinutes() + 1, 0, 0);
        } else {
          return candidate;
        }
      }
      throw new Error(`The cron expression "${expression}" never fires`);
    },
  };
}
