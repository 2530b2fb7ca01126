// What telemetry may carry about a visitor (docs/consent-and-telemetry.md): addresses, never who they
// are. Links of the site carry e-mail addresses (`?email=` of the resend page) and one-time tokens
// (confirmation and reset links); both are blanked before anything leaves for analytics or error reporting.

// A query parameter whose name says it holds an address, a secret or a way back (a return path can hold
// another address with its own query). Its value stops at the next parameter, fragment, space or quote,
// so the function can also run over JSON text.
const SENSITIVE_PARAMETER = /([?&#;][^=&#;\s"\\]*(?:e-?mail|token|code|password|secret|session|return)[^=&#;\s"\\]*=)[^&#;\s"\\]*/gi;
// An e-mail address, also with its @ percent-encoded as in a link.
const EMAIL_ADDRESS = /[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;

export const REDACTED = '[redacted]';

/** The text (a URL, a message, JSON) with the values of sensitive parameters and every e-mail address blanked. */
export function scrubPersonalData(text: string): string {
  return text.replace(SENSITIVE_PARAMETER, `$1${REDACTED}`).replace(EMAIL_ADDRESS, REDACTED);
}
