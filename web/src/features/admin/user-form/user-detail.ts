import type { ResultOf } from '../../../lib/api/documents';
import type { USER_DETAIL } from './operations';

/** What USER_DETAIL reads of a user: the account's state and the profile the form edits. */
export type UserDetailData = NonNullable<ResultOf<typeof USER_DETAIL>['user']>;
