// A port's adapter, or a secret, is chosen once from the environment and kept: a Lambda's environment
// never changes. A process that replaces its environment (the local host set up for a data folder; test
// files sharing a worker, each with its own table, outbox and secrets) forgets what was chosen under the
// old one, so nothing of one reaches the other.

const forgetters = new Set<() => void>();

/** Registers what to drop of a module's own cache when the environment is replaced (forgetChoices). */
export function forgetWithChoices(forget: () => void): void {
  forgetters.add(forget);
}

/**
 * `choose()` on first use, kept until `forgetChoices()`. A promise that rejects is forgotten at once, so
 * the next call tries again (a secret read throttled or cut off).
 */
export function chosenOnce<T>(choose: () => T): () => T {
  let kept: { value: T } | undefined;
  forgetWithChoices(() => (kept = undefined));
  return () => {
    if (kept) return kept.value;
    const value = choose();
    kept = { value };
    if (value instanceof Promise)
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    return value;
  };
}

/** Forgets every choice made from the environment; call after replacing it. */
export function forgetChoices(): void {
  for (const forget of forgetters) forget();
}
