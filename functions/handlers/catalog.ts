// The Lambdas and what each one serves; the CDK app and the local host both read this list.

export const AUTHORIZER = 'authorizer';

export const RESOLVER_LAMBDAS: { name: string; fields: string[] }[] = [
  {
    name: 'accounts',
    fields: [
      'Query.me',
      'Query.verifyToken',
      'Query.publicProfile',
      'Query.termsVersion',
      'Query.tosHistory',
      'Mutation.createUserAccount',
      'Mutation.confirmEmail',
      'Mutation.resendConfirmationEmail',
      'Mutation.sendPasswordReset',
      'Mutation.resetPassword',
      'Mutation.completeAdminRegistration',
      'Mutation.changeEmail',
      'Mutation.updateUserProfile',
      'Mutation.acceptTos',
      'Mutation.updateFirstLoginModalClosed',
      'Mutation.changePassword',
      'Subscription.onFirstLoginModalClosed',
    ],
  },
  {
    // User administration (ADMIN only).
    name: 'admin',
    fields: [
      'Query.users',
      'Query.user',
      'Mutation.createAdminAccount',
      'Mutation.adminCreateUser',
      'Mutation.adminUpdateUser',
      'Mutation.verifyEmail',
      'Mutation.allowUser',
      'Mutation.publishTermsVersion',
    ],
  },
  {
    // Uploads straight to storage and file URLs (functions/domain/files/uploads.ts).
    name: 'files',
    fields: ['Mutation.requestUpload', 'Mutation.confirmUpload', 'Query.fileUrl'],
  },
];

export const HTTP_ROUTES: { method: 'GET' | 'POST'; path: string; name: string }[] = [
  { method: 'POST', path: '/token/login', name: 'token' },
  { method: 'POST', path: '/token/refresh', name: 'token' },
  { method: 'GET', path: '/status', name: 'status' },
  { method: 'POST', path: '/log', name: 'log' },
];
