// The shape of the authorization tables kept beside each schema part (<capability>.authz.ts). The
// matrix test (functions/handlers/authz-matrix.db.test.ts) calls every Query, Mutation and Subscription
// field of the part as each caller below and checks that the handler refuses it (UNAUTHORIZED_ACCESS)
// exactly where the table says `false`.

/**
 * - anonymous: a visitor who is not signed in;
 * - own: a USER whose arguments name themself (every `ID` argument or input field is their id);
 * - other: a USER whose arguments name another USER;
 * - admin: an ADMIN whose arguments name a USER.
 * For a field that names nobody, `own` and `other` are the same call.
 */
export type AuthzCaller = 'anonymous' | 'own' | 'other' | 'admin';

/** `true`: the call goes through authorization (it may still fail for its input); `false`: refused. */
export type AuthzRow = Record<AuthzCaller, boolean>;

/** One row per root field the part declares, keyed `Type.field`. */
export type AuthzTable = Record<string, AuthzRow>;

export const PUBLIC: AuthzRow = { anonymous: true, own: true, other: true, admin: true };
export const SIGNED_IN: AuthzRow = { anonymous: false, own: true, other: true, admin: true };
export const SELF_OR_ADMIN: AuthzRow = { anonymous: false, own: true, other: false, admin: true };
export const ADMIN_ONLY: AuthzRow = { anonymous: false, own: false, other: false, admin: true };
/** An IAM-only field (server events): no client token gets through, whoever the caller. */
export const SERVER_ONLY: AuthzRow = { anonymous: false, own: false, other: false, admin: false };
