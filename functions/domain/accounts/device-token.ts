// OWASP's device cookie: a token the server signs at a successful login, which the web app keeps
// and sends back on later logins. It lets its holder past the per-account ceiling of failed logins,
// so a distributed guessing attack on an account does not keep its owner out.

import { jwtVerify, SignJWT } from 'jose';
import { jwtSecret } from '../../adapters/secrets';

const AUDIENCE = 'partage:device';
const ALGORITHM = 'HS256';
const LIFETIME = '180d';

/** For the lowercased address that just signed in. */
export async function signDeviceToken(email: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM })
    .setAudience(AUDIENCE)
    .setSubject(email)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(await jwtSecret());
}

/** Whether `token` is a device token this service gave at a login of `email`. */
export async function isTrustedDevice(token: string | undefined, email: string): Promise<boolean> {
  if (!token) return false;
  try {
    const { payload } = await jwtVerify(token, await jwtSecret(), { algorithms: [ALGORITHM], audience: AUDIENCE, subject: email });
    return payload.sub === email;
  } catch {
    return false;
  }
}
