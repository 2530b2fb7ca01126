// Every line the functions write while a test runs: the logger's JSON lines and the metrics' (on
// stdout and stderr, where Lambda reads them), and anything written with console.

import { format } from 'node:util';
import { vi } from 'vitest';

export interface LogLines {
  /** Each line written since the capture began. */
  lines(): string[];
  /** The lines that are JSON objects (the logger's), parsed. */
  entries(): Record<string, unknown>[];
  /** Writes go to the terminal again. */
  restore(): void;
}

/** Captures (and keeps off the terminal) everything written until restore(). */
export function captureLogLines(): LogLines {
  const written: string[] = [];
  const keep = (text: string) => written.push(...text.split('\n').filter((line) => line.trim() !== ''));
  const streams = [process.stdout, process.stderr].map((stream) =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      keep(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }),
  );
  const consoles = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => keep(format(...args))),
  );
  return {
    lines: () => [...written],
    entries: () =>
      written.flatMap((line) => {
        try {
          const parsed: unknown = JSON.parse(line);
          return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? [parsed as Record<string, unknown>] : [];
        } catch {
          return [];
        }
      }),
    restore: () => [...streams, ...consoles].forEach((spy) => spy.mockRestore()),
  };
}
