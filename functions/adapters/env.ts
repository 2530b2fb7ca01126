/** A setting the deployment must provide (see docs/contracts.md); a missing one is a configuration bug. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

/** The site's base URL (PUBLIC_URL), without a trailing slash: links in e-mails start with it. */
export const publicUrl = (): string => requireEnv('PUBLIC_URL').replace(/\/+$/, '');

/** The team's address (CONTACT_EMAIL), where the contact form writes; undefined when the deployment has none. */
export const contactEmail = (): string | undefined => process.env.CONTACT_EMAIL?.trim() || undefined;

/** The contracts' fee settings (PLATFORM_FEE_BASIS_POINTS, PLATFORM_FEE_FIXED_CENTS), as configured: absent ones are 0. */
export const platformFeeEnv = (): Record<'PLATFORM_FEE_BASIS_POINTS' | 'PLATFORM_FEE_FIXED_CENTS', string | undefined> => ({
  PLATFORM_FEE_BASIS_POINTS: process.env.PLATFORM_FEE_BASIS_POINTS?.trim(),
  PLATFORM_FEE_FIXED_CENTS: process.env.PLATFORM_FEE_FIXED_CENTS?.trim(),
});

/** The platform's own GST and QST numbers (PLATFORM_GST_NUMBER, PLATFORM_QST_NUMBER), as configured. */
export const platformTaxEnv = (): Record<'PLATFORM_GST_NUMBER' | 'PLATFORM_QST_NUMBER', string | undefined> => ({
  PLATFORM_GST_NUMBER: process.env.PLATFORM_GST_NUMBER?.trim(),
  PLATFORM_QST_NUMBER: process.env.PLATFORM_QST_NUMBER?.trim(),
});

/** The platform as its invoices name it (PLATFORM_LEGAL_NAME, PLATFORM_ADDRESS), as configured; null when not. */
export const platformIdentityEnv = (): { name: string | null; address: string | null } => ({
  name: process.env.PLATFORM_LEGAL_NAME?.trim() || null,
  address: process.env.PLATFORM_ADDRESS?.trim() || null,
});
