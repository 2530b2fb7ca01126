// Key builders of the single table: every PK/SK is written here and nowhere else.
// functions/data/README.md lists the access patterns they serve.

export const userKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'USER' });

/** One item per e-mail address makes addresses unique (written in the user's transaction). */
export const emailKey = (email: string) => ({ PK: `EMAIL#${email.trim().toLowerCase()}`, SK: 'EMAIL' });

export const REFRESH_FAMILY_SK_PREFIX = 'REFRESH#';
export const refreshFamilyKey = (userId: string, familyId: string) => ({
  PK: `USER#${userId}`,
  SK: `${REFRESH_FAMILY_SK_PREFIX}${familyId}`,
});

export const twoFactorCodeKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'TWO_FACTOR' });

export const currentTermsKey = () => ({ PK: 'TERMS', SK: 'CURRENT' });
export const termsAcceptanceKey = (userId: string, version: string) => ({ PK: `USER#${userId}`, SK: `TOS#${version}` });

export const systemStatusKey = () => ({ PK: 'SYSTEM', SK: 'STATUS' });
