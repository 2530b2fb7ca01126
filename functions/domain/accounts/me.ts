import type { Me } from '@partage/graphql';
import { getUser } from '../../data/users';
import { acceptedTosOf } from './terms';

/** The signed-in user as `Query.me` shows them; null when the account no longer exists. */
export async function getMe(userId: string): Promise<Me | null> {
  const user = await getUser(userId);
  if (!user) return null;
  return {
    id: user.id,
    type: user.role,
    email: user.email,
    firstLoginModalClosed: user.firstLoginModalClosed,
    // The profile shares the user's id; terms apply to USER accounts only.
    profile: { id: user.id, publicName: user.publicName, acceptedTos: user.role === 'USER' ? await acceptedTosOf(user.id) : null },
  };
}
