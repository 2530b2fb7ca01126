// Deployment settings the web app reads from config.json (docs/contracts.md): who the partner
// organisation is, where the team answers, the how-it-works video, who is in charge of personal
// information, and the optional telemetry ids.
// AWS takes them from the CDK context (infra/aws/config.ts); the local host from its environment,
// with demo values so that no link is missing on `npm start`.

export interface SiteSettings {
  partnerName?: string;
  partnerUrl?: string;
  /** The team's address: shown in the footer and on the contact page, and where the contact form writes. */
  contactEmail?: string;
  videoUrl?: string;
  /**
   * Who is in charge of the protection of personal information (Law 25): a title, or a name and title,
   * named on /confidentialite, reached at contactEmail. Absent, the page names the role Law 25 gives it
   * by default (the person with the highest authority in the organisation).
   */
  privacyOfficer?: string;
}

export interface TelemetrySettings {
  /** Analytics measurement id; absent, no analytics script ever loads. */
  analyticsId?: string;
  /** Error-reporting DSN; absent, client errors go to /log only. */
  errorReportingDsn?: string;
}

const text = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** The local host's settings: demo values, each overridable from the environment. */
export function localSiteSettings(env: NodeJS.ProcessEnv = process.env): Required<SiteSettings> & TelemetrySettings {
  const analyticsId = text(env.ANALYTICS_ID);
  const errorReportingDsn = text(env.ERROR_REPORTING_DSN);
  // Its host goes into the Content-Security-Policy: a typo stops the start rather than every page.
  if (errorReportingDsn && !URL.canParse(errorReportingDsn)) throw new Error('ERROR_REPORTING_DSN is not a URL');
  return {
    partnerName: text(env.PARTNER_NAME) ?? 'Exemple.org',
    partnerUrl: text(env.PARTNER_URL) ?? 'https://www.example.org/',
    contactEmail: text(env.CONTACT_EMAIL) ?? 'equipe@partage.localhost',
    videoUrl: text(env.VIDEO_URL) ?? 'https://www.example.org/video',
    privacyOfficer: text(env.PRIVACY_OFFICER) ?? 'Direction générale (exemple)',
    ...(analyticsId ? { analyticsId } : {}),
    ...(errorReportingDsn ? { errorReportingDsn } : {}),
  };
}
