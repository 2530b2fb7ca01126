// The scheduled jobs, declared once: the CDK app makes an EventBridge rule per cron job and lets the
// scheduler invoke the handlers of one-time jobs; the local host's scheduler reads the same list.
// Cron expressions are EventBridge's six fields (minutes hours day-of-month month day-of-week year),
// in UTC. Every job's handler receives a ScheduledJobEvent (functions/handlers/shared/scheduled-job.ts).

export interface CronJob {
  job: string;
  /** functions/handlers/<handler>.ts */
  handler: string;
  cron: string;
  description: string;
}

/** A job scheduled at an instant by a handler (the scheduler port); runs once, then is deleted. */
export interface OneTimeJob {
  job: string;
  handler: string;
  description: string;
}

export const CRON_JOBS: CronJob[] = [
  {
    job: 'purge-abandoned-uploads',
    handler: 'housekeeping',
    cron: '15 7 * * ? *',
    description: 'Deletes uploads never confirmed within a day (their files and records)',
  },
  {
    job: 'contact-review',
    handler: 'housekeeping',
    // 13:00 UTC: 9:00 in Quebec in summer, 8:00 in winter, when the team starts its day.
    cron: '0 13 * * ? *',
    description: 'E-mails the team the contact messages held past the usual day, in one message',
  },
  {
    job: 'alert-digest',
    handler: 'alert-digest',
    // Mondays 11:00 UTC: 7:00 in Quebec in summer, 6:00 in winter, before the working day.
    cron: '0 11 ? * MON *',
    description: 'Weekly alert digest: schedules one alert-digest-shard run per shard of alerts',
  },
];

export const ONE_TIME_JOBS: OneTimeJob[] = [
  {
    job: 'contract-paid',
    handler: 'contract-payouts',
    description:
      'Right after a payment: the payout, the closing and the rating reminders scheduled, the receipts (once), the conversation line',
  },
  {
    job: 'contract-payout',
    handler: 'contract-payouts',
    description: "Transfers a paid contract's owner share PAYOUT_DELAY_MS after the rental starts (retried with backoff)",
  },
  {
    job: 'contract-close',
    handler: 'contract-payouts',
    description: 'Closes a paid-out contract once its rental has ended',
  },
  {
    job: 'rating-publish',
    handler: 'rating-jobs',
    description: "Publishes a rental's lone rating at its deadline (RATING_WINDOW_DAYS after the end), once",
  },
  {
    job: 'rating-reminder',
    handler: 'rating-jobs',
    description: 'E-mails each party who has not rated a rental a link to rate it: at its end, and RATING_SECOND_REMINDER_DAYS later',
  },
  {
    job: 'chat-reminder',
    handler: 'chat-reminders',
    description: 'E-mails a participant who left a message unread CHAT_REMINDER_MINUTES, once per quiet period',
  },
  {
    job: 'account-deletion',
    handler: 'privacy-jobs',
    description: "Finishes an account's deletion whose run stopped half-way (each step is safe to run again); nothing once it is done",
  },
  {
    job: 'data-export-expire',
    handler: 'privacy-jobs',
    description: "Deletes a data export's file and its record DATA_EXPORT_HOURS after it was made",
  },
  {
    job: 'alert-digest-shard',
    handler: 'alert-digest-shards',
    description: 'E-mails one shard of the active alerts the ads published since their last digest',
  },
];
