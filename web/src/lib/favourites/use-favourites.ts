// The caller's favourites as the hearts see them: the set of saved ids (one cached query for every
// heart on the page) and a toggle that changes that set at once, puts it back if the server refuses,
// and tells the user why.
import { useMutation } from '@tanstack/react-query';
import type { ResultOf } from '../api/documents';
import { graphqlRequest } from '../api/graphql';
import { operationName, queryKey, useApiQuery } from '../api/queries';
import { queryClient } from '../api/query-client';
import { useSession } from '../auth/session';
import { notifyError } from '../notifications/notify-error';
import { ADD_FAVOURITE, MY_FAVOURITE_AD_IDS, MY_FAVOURITES, REMOVE_FAVOURITE } from './operations';

type SavedIds = ResultOf<typeof MY_FAVOURITE_AD_IDS>;
const IDS_KEY = queryKey(MY_FAVOURITE_AD_IDS, {});

/** The ids the signed-in caller saved; an empty set for visitors (and while loading). */
export function useFavouriteIds(): ReadonlySet<string> {
  const signedIn = useSession() !== null;
  const ids = useApiQuery(MY_FAVOURITE_AD_IDS, {}, { enabled: signedIn });
  // The unit tests' fake API answers null to what a test does not answer: nothing saved then.
  const saved = signedIn ? ids.data?.myFavouriteAdIds : undefined;
  return new Set(saved ?? []);
}

interface Toggle {
  adId: string;
  /** The state asked for: true saves the ad, false removes it. */
  save: boolean;
}

const withId = (known: SavedIds | undefined, { adId, save }: Toggle): SavedIds => {
  const others = (known?.myFavouriteAdIds ?? []).filter((id) => id !== adId);
  return { myFavouriteAdIds: save ? [...others, adId] : others };
};

/** Saves or removes a favourite, optimistically: the hearts change at once and change back on a failure. */
export function useToggleFavourite() {
  return useMutation(
    {
      mutationFn: async ({ adId, save }: Toggle): Promise<void> => {
        await (save ? graphqlRequest(ADD_FAVOURITE, { adId }) : graphqlRequest(REMOVE_FAVOURITE, { adId }));
      },
      onMutate: async (toggle: Toggle) => {
        // An answer in flight would overwrite the change just shown.
        await queryClient.cancelQueries({ queryKey: IDS_KEY });
        queryClient.setQueryData<SavedIds>(IDS_KEY, (known) => withId(known, toggle));
      },
      onError: (error, toggle) => {
        // Back to what the server holds: this toggle undone, the others (other hearts pressed meanwhile) kept.
        queryClient.setQueryData<SavedIds>(IDS_KEY, (known) => withId(known, { ...toggle, save: !toggle.save }));
        notifyError(error);
      },
      onSuccess: () => queryClient.invalidateQueries({ queryKey: [operationName(MY_FAVOURITES)] }),
    },
    queryClient,
  );
}
