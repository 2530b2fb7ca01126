import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '@partage/graphql';
import type { AccountRole, UserRecord } from '../../data/users';
import { accountFieldChanges, type AccountFieldsInput } from './account-fields';
import { now } from '../clock';

/** A new account from valid fields: unconfirmed, unlocked, French e-mails unless asked otherwise. */
export function newAccount(role: AccountRole, email: string, fields: AccountFieldsInput, passwordHash?: string): UserRecord {
  const { set } = accountFieldChanges(fields, { role });
  return {
    id: randomUUID(),
    email: normalizeEmail(email),
    role,
    passwordHash,
    language: 'fr',
    emailConfirmed: false,
    phoneVerified: false,
    lockedOut: false,
    failedLogins: 0,
    firstLoginModalClosed: false,
    createdAt: now().toISOString(),
    ...(set as Pick<UserRecord, 'firstName' | 'lastName' | 'publicName'>),
  };
}
