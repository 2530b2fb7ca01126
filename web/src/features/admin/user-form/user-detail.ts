import type { UserDetail } from '@partage/graphql';
import type { StoredProfile } from '../../accounts/profile/profile-values';

/** What USER_DETAIL reads of a user: the account's state and the profile the form edits. */
export type UserDetailData = Omit<UserDetail, 'profile'> & { profile: StoredProfile & { publicName: string } };
