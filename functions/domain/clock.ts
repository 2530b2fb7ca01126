// The one source of "now" for functions/: domain rules, token expiries, the local scheduler.
// Production reads the system clock; a test (or the local host) installs a clock it can move, so
// expiries and due schedules are tested without waiting.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

let current: Clock = systemClock;

/** The current instant of the installed clock. */
export const now = (): Date => current.now();

/** Installs a clock; returns a function that puts the previous one back. */
export function useClock(clock: Clock): () => void {
  const previous = current;
  current = clock;
  return () => {
    current = previous;
  };
}

/** A clock that only moves when told (tests). */
export interface ManualClock extends Clock {
  set(instant: Date | string): void;
  advance(milliseconds: number): void;
}

export function manualClock(start: Date | string = systemClock.now()): ManualClock {
  let instant = new Date(start).getTime();
  return {
    now: () => new Date(instant),
    set: (next) => {
      instant = new Date(next).getTime();
    },
    advance: (milliseconds) => {
      instant += milliseconds;
    },
  };
}

/** Epoch seconds: the unit of JWT times and of the table's `ttl` attribute. */
export const epochSeconds = (date: Date = now()): number => Math.floor(date.getTime() / 1000);
