// `npm test`: every check, side by side, then the time of each phase and of the whole run, so that a
// change that makes the gate slower is seen at once (the budget: 10 minutes on a clean clone of a
// 2-core machine, docs/testing.md).
//
// The journeys are the longest path: the web build and the seeded data, then Playwright against local
// hosts on copies of that data. Vitest needs the web build only (its server renderer); lint and types need
// nothing and start at once. These fill the cores that path leaves idle: their processes run at a lower
// priority (nice), so that the path goes first and the others take what is left, whichever ends last.
// Every phase waits for states, never against tight clocks (docs/testing.md).
//
// A phase's output is printed whole when it ends, so that side-by-side phases do not interleave, and a
// failed phase's at the very end, just above the summary: a CI log that keeps only its tail shows the
// failure. A phase whose inputs failed does not run.

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Phase {
  name: string;
  command: string;
  /** The phases whose output it needs. */
  after?: string[];
  /** Off the journeys' path: it takes the cores that path leaves idle. */
  filler?: boolean;
}

interface Outcome {
  name: string;
  ok: boolean;
  /** From the start of the run. */
  startedAt: number;
  seconds: number;
  output: string;
}

const PHASES: Phase[] = [
  // The local hosts' precompressed copies need not be the smallest here (web/scripts/compress.ts).
  { name: 'web build', command: 'BROTLI_QUALITY=9 npm run build -w web' },
  { name: 'seeded data', command: 'tsx infra/local/seeded-data.ts' },
  { name: 'playwright', command: 'playwright test', after: ['web build', 'seeded data'] },
  // The pages the server paints are tested with the renderer the web build makes (web/dist-server).
  { name: 'vitest', command: 'vitest run', after: ['web build'], filler: true },
  { name: 'lint', command: 'eslint . && prettier --check .', filler: true },
  { name: 'types', command: 'npm run typecheck', filler: true },
];

/** Lower, not lowest: a filler still progresses beside the journeys, whose waits are for states only. */
const FILLER_NICENESS = 5;

/**
 * The JVM of every DynamoDB Local the phases start (the tests', the journey hosts'): the short runs of a
 * test spend more of the cores compiling and collecting than serving. The quick compiler alone and one
 * collector thread measured 30 % less CPU for the same suites (docs/testing.md).
 */
const JAVA_FOR_SHORT_RUNS = '-XX:+UseSerialGC -XX:TieredStopAtLevel=1';

/**
 * The run's temporary folder: every phase's TMPDIR (the suites' outboxes and file stores, the local hosts'
 * data, the browsers' profiles), removed at the end, so that runs leave nothing behind in the machine's.
 */
const RUN_TMPDIR = await mkdtemp(join(tmpdir(), 'partage-gate-'));

/** A phase keeps its output, so that side-by-side phases do not interleave. */
function run(phase: Phase, runStarted: number): Promise<Outcome> {
  const started = performance.now();
  const shell = ['sh', '-c', phase.command];
  const [file, ...args] = phase.filler ? ['nice', '-n', String(FILLER_NICENESS), ...shell] : shell;
  return new Promise((resolve) => {
    const child = spawn(file!, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: RUN_TMPDIR, JDK_JAVA_OPTIONS: process.env.JDK_JAVA_OPTIONS ?? JAVA_FOR_SHORT_RUNS },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      resolve({ name: phase.name, ok: code === 0, startedAt: (started - runStarted) / 1000, seconds, output });
    });
  });
}

/** The lines of a failed phase that name what failed (Playwright's ✘, vitest's FAIL, tsc's errors, the files eslint and prettier name). */
function failureLines(output: string): string[] {
  // eslint-disable-next-line no-control-regex -- the colours' escape codes are stripped before matching
  const lines = output.split('\n').map((line) => line.replace(/\u001b\[[0-9;]*m/g, '').trim());
  const named = lines.filter((line) => /^(✘|FAIL\b|×)|error TS\d+|^\/\S+\.[cm]?[jt]sx?$|^\[warn\]/.test(line));
  return [...new Set(named)].slice(0, 12);
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

console.log(`npm test on Node ${process.version}`);
const started = performance.now();
const outcomes = new Map<string, Outcome>();
const failed: Outcome[] = [];

/** Runs `phase` once its inputs have passed; resolves with nothing when one failed. */
const runs = new Map<string, Promise<Outcome | null>>();
function runWhenReady(phase: Phase): Promise<Outcome | null> {
  let running = runs.get(phase.name);
  if (!running) {
    const inputs = (phase.after ?? []).map((name) => runWhenReady(PHASES.find((other) => other.name === name)!));
    running = Promise.all(inputs).then(async (done) => {
      if (!done.every((input) => input?.ok)) return null;
      const outcome = await run(phase, started);
      outcomes.set(phase.name, outcome);
      if (outcome.ok) process.stdout.write(`\n── ${outcome.name} (${outcome.seconds.toFixed(0)} s) ──\n${outcome.output}`);
      else failed.push(outcome);
      return outcome;
    });
    runs.set(phase.name, running);
  }
  return running;
}
await Promise.all(PHASES.map(runWhenReady));
for (const outcome of failed) process.stdout.write(`\n── ${outcome.name} (${outcome.seconds.toFixed(0)} s) ──\n${outcome.output}`);
const total = (performance.now() - started) / 1000;

console.log('\nnpm test, phase by phase (side by side; the journeys after the web build and the seeded data):');
for (const phase of PHASES) {
  const outcome = outcomes.get(phase.name);
  if (!outcome) {
    console.log(`  not run ${phase.name}`);
    continue;
  }
  const span = `${clock(outcome.startedAt)} → ${clock(outcome.startedAt + outcome.seconds)}`;
  console.log(`  ${outcome.ok ? 'ok    ' : 'FAILED'} ${outcome.name.padEnd(12)} ${minutes(outcome.seconds).padEnd(12)} (${span})`);
  if (!outcome.ok) for (const line of failureLines(outcome.output)) console.log(`           ${line}`);
}
await rm(RUN_TMPDIR, { recursive: true, force: true });
console.log(`  total               ${minutes(total)}${total > 600 ? '  (over the 10-minute budget)' : ''}`);
process.exit(outcomes.size === PHASES.length && [...outcomes.values()].every((outcome) => outcome.ok) ? 0 : 1);
