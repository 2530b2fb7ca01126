// `npm test`: every check, in two stages, then the time of each phase and of the whole run, so that a
// change that makes the gate slower is seen at once (the budget: 10 minutes on a clean clone of a
// 2-core machine, docs/testing.md).
//
// 1. lint, types, the web build and the seeded data, side by side: each is mostly one thread.
// 2. vitest (unit, web, DynamoDB Local and CDK suites) beside Playwright (the journeys, against local
//    hosts on copies of the seeded data of stage 1). Each leaves the cores idle at times, one waiting on
//    DynamoDB Local, the other on pages, timers and polls, its hosts' start and its last journeys; side by
//    side they fill each other's gaps. Both wait for states, never against tight clocks (docs/testing.md).
//
// A phase's output is printed whole when its stage ends, so that side-by-side phases do not interleave,
// and a failed phase's last, just above the summary: a CI log that keeps only its tail shows the failure.
// The first failing stage stops the run.

import { spawn } from 'node:child_process';

interface Phase {
  name: string;
  command: string;
}

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
  output: string;
}

const STAGES: Phase[][] = [
  [
    { name: 'lint', command: 'eslint . && prettier --check .' },
    { name: 'types', command: 'npm run typecheck' },
    // The local hosts' precompressed copies need not be the smallest here (web/scripts/compress.ts).
    { name: 'web build', command: 'BROTLI_QUALITY=9 npm run build -w web' },
    { name: 'seeded data', command: 'tsx tests/support/seeded-data.ts' },
  ],
  [
    { name: 'vitest', command: 'vitest run' },
    { name: 'playwright', command: 'playwright test' },
  ],
];

/**
 * The JVM of every DynamoDB Local the phases start (the tests', the journey hosts'): the short runs of a
 * test spend more of the cores compiling and collecting than serving. The quick compiler alone and one
 * collector thread measured 30 % less CPU for the same suites (docs/testing.md).
 */
const JAVA_FOR_SHORT_RUNS = '-XX:+UseSerialGC -XX:TieredStopAtLevel=1';

/** A phase keeps its output, so that side-by-side phases do not interleave. */
function run(phase: Phase): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(phase.command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, JDK_JAVA_OPTIONS: process.env.JDK_JAVA_OPTIONS ?? JAVA_FOR_SHORT_RUNS },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      resolve({ name: phase.name, ok: code === 0, seconds: (performance.now() - started) / 1000, output });
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

console.log(`npm test on Node ${process.version}`);
const started = performance.now();
const outcomes: Outcome[] = [];
for (const stage of STAGES) {
  const results = await Promise.all(stage.map((phase) => run(phase)));
  for (const result of [...results].sort((a, b) => Number(b.ok) - Number(a.ok))) {
    process.stdout.write(`\n── ${result.name} (${result.seconds.toFixed(0)} s) ──\n${result.output}`);
  }
  outcomes.push(...results);
  if (results.some((result) => !result.ok)) break;
}
const total = (performance.now() - started) / 1000;

console.log('\nnpm test, phase by phase (side by side within a stage):');
for (const outcome of outcomes) {
  console.log(`  ${outcome.ok ? 'ok    ' : 'FAILED'} ${outcome.name.padEnd(12)} ${minutes(outcome.seconds)}`);
  if (!outcome.ok) for (const line of failureLines(outcome.output)) console.log(`           ${line}`);
}
console.log(`  total               ${minutes(total)}${total > 600 ? '  (over the 10-minute budget)' : ''}`);
process.exit(outcomes.every((outcome) => outcome.ok) && outcomes.length === STAGES.flat().length ? 0 : 1);
