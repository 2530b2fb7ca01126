// The one source of "now" for functions/: domain rules, token expiries, the local scheduler.
// Production reads the system clock; a test (or the local host) installs a clock it can move, so
// expiries and due schedules are tested without waiting. `withClock` gives one piece of work (and
// everything it awaits) a clock of its own, leaving the rest of the process on the installed one.

import { AsyncLocalStorage } from 'node:async_hooks';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

let current: Clock = systemClock;
const scoped = new AsyncLocalStorage<Clock>();

/** The current instant: of the clock of the work in progress (withClock), else of the installed clock. */
export const now = (): Date => (scoped.getStore() ?? current).now();

/**
 * Runs `work` on `clock`: its calls, and what they await, read it; the rest of the process keeps the
 * installed clock (the demo seed plays past rentals while the local host starts).
 */
export const withClock = <T>(clock: Clock, work: () => Promise<T>): Promise<T> => scoped.run(clock, work);

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
