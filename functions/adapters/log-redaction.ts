// What no log line may carry (docs/operations.md, "Logs, metrics, traces"): the logger runs every key
// and string it writes through these rules, so a careless `logger().info(..., { input })` or an
// error's message cannot leak a secret or a person's address.

export const REDACTED = '[redacted]';

/**
 * Keys whose value is a secret or a credential whatever it looks like: passwords, tokens, one-time
 * codes, signatures, cookies, card data.
 */
const SECRET_KEY = /pass(word|phrase)?|token|secret|authori[sz]ation|cookie|signature|^code$|otp|card|cvc|cvv|iban/i;

const TEXT_RULES: [RegExp, string][] = [
  // JSON Web Tokens (access tokens, signed links).
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, REDACTED],
  // A credential in an Authorization header quoted in a message.
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // A link's secret parameters (e-mailed tokens, presigned URLs).
  [/([?&](?:token|code|key|signature|secret|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token)=)[^&\s"'#]+/gi, `$1${REDACTED}`],
  // Card numbers: 13 to 19 digits, possibly grouped by spaces or dashes.
  [/\b\d(?:[ -]?\d){12,18}\b/g, REDACTED],
  // E-mail addresses (URL-encoded ones too) keep their first character and their domain: enough to tell
  // two apart, not to write to.
  [/([\p{L}\p{N}])[\p{L}\p{N}._%+-]*(?:@|%40)([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu, '$1***@$2'],
];

/** A text with its secrets and e-mail addresses masked. */
export function redactText(text: string): string {
  return TEXT_RULES.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}

/** JSON.stringify's replacer of every log line: a secret key's value masked whole, every string masked by redactText. */
export function redactLogValue(key: string, value: unknown): unknown {
  if (key && SECRET_KEY.test(key) && value !== null && value !== undefined && value !== '') return REDACTED;
  return typeof value === 'string' ? redactText(value) : value;
}
