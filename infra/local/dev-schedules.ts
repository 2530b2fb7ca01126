// The dev schedules page (local host only), beside the dev mailbox: the cron jobs with their next
// run, the pending one-time schedules, a button that runs what is due now and one per job that runs
// it at once. Forms post back here; a caller asking for JSON gets the runs as JSON.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, sendDevPage } from './dev-page';
import { readBody, sendJson, sendText } from './http-io';
import type { JobRun, LocalScheduler, ScheduleListing } from './local-scheduler';

export const DEV_SCHEDULES_PATH = '/_dev/schedules';
export const DEV_SCHEDULES_RUN_DUE_PATH = '/_dev/schedules/run-due';
export const DEV_SCHEDULES_RUN_PATH = '/_dev/schedules/run';

const runButton = (field: 'job' | 'name', value: string, label: string) =>
  `<form method="post" action="${DEV_SCHEDULES_RUN_PATH}"><input type="hidden" name="${field}" value="${escapeHtml(value)}"><button type="submit" aria-label="${escapeHtml(label)}">Run now</button></form>`;

function page({ crons, oneTime }: ScheduleListing, runs: JobRun[] | null): string {
  const ran =
    runs === null
      ? ''
      : `<section aria-live="polite"><h2>Ran</h2>${
          runs.length === 0
            ? '<p>Nothing was due.</p>'
            : `<ul>${runs.map((run) => `<li>${escapeHtml(run.name ?? run.job)} (due ${escapeHtml(run.scheduledAt)}): ${run.outcome}</li>`).join('')}</ul>`
        }</section>`;
  return `<p>Jobs of the local scheduler, on the functions' clock (UTC). <a href="${DEV_SCHEDULES_PATH}">Refresh</a></p>
<form method="post" action="${DEV_SCHEDULES_RUN_DUE_PATH}"><button type="submit">Run due jobs now</button></form>
${ran}
<table>
<caption>Cron jobs</caption>
<thead><tr><th scope="col">Job</th><th scope="col">Cron</th><th scope="col">Next run</th><th scope="col">What it does</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>
${crons.map((job) => `<tr><td>${escapeHtml(job.job)}</td><td><code>${escapeHtml(job.cron)}</code></td><td>${escapeHtml(job.nextRun)}</td><td>${escapeHtml(job.description)}</td><td>${runButton('job', job.job, `Run ${job.job} now`)}</td></tr>`).join('\n')}
</tbody>
</table>
${
  oneTime.length === 0
    ? '<p>No one-time schedule is pending.</p>'
    : `<table>
<caption>One-time schedules, soonest first</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Job</th><th scope="col">At</th><th scope="col">Payload</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>
${oneTime.map((schedule) => `<tr><td>${escapeHtml(schedule.name)}</td><td>${escapeHtml(schedule.job)}</td><td>${escapeHtml(schedule.at)}</td><td><code>${escapeHtml(JSON.stringify(schedule.payload))}</code></td><td>${runButton('name', schedule.name, `Run ${schedule.name} now`)}</td></tr>`).join('\n')}
</tbody>
</table>`
}`;
}

export function createDevSchedules(scheduler: LocalScheduler) {
  const answer = async (request: IncomingMessage, response: ServerResponse, runs: JobRun[] | null) => {
    if (request.headers.accept?.includes('application/json')) return sendJson(response, 200, { runs, ...(await scheduler.list()) });
    sendDevPage(response, 'Dev schedules', page(await scheduler.list(), runs));
  };
  return {
    html: (request: IncomingMessage, response: ServerResponse) => answer(request, response, null),

    runDue: async (request: IncomingMessage, response: ServerResponse) => answer(request, response, await scheduler.runDue()),

    async run(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const form = new URLSearchParams((await readBody(request)).toString('utf8'));
      const job = form.get('job');
      const name = form.get('name');
      const ran = job ? await scheduler.runNow({ job }) : name ? await scheduler.runNow({ name }) : null;
      if (!ran) return sendText(response, 404, 'No such job or pending schedule');
      return answer(request, response, [ran]);
    },
  };
}
