import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageKey } from '../../../lib/api/errors';
import { notifyError } from '../../../lib/notifications/notify-error';

type Loaded<T> = { data: T; failure?: undefined } | { data?: undefined; failure: string } | { data?: undefined; failure?: undefined };

/**
 * What a screen loads on arrival: the data, or the translation key of why it failed, and a way to
 * load it again. `load` must keep its identity (useCallback) for as long as the same thing is shown.
 */
export function useLoaded<T>(load: () => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({});
  const shown = useRef(false);

  const fetchInto = useCallback(
    (isCurrent: () => boolean) =>
      load().then(
        (data) => {
          if (!isCurrent()) return;
          shown.current = true;
          setState({ data });
        },
        (error: unknown) => {
          if (!isCurrent()) return;
          // A failed refresh leaves what is shown in place and says so; a failed first load replaces the page.
          if (shown.current) notifyError(error);
          else setState({ failure: errorMessageKey(error) });
        },
      ),
    [load],
  );

  useEffect(() => {
    let current = true;
    void fetchInto(() => current);
    return () => {
      current = false;
    };
  }, [fetchInto]);

  /** Loads again, keeping what is shown until the answer arrives. */
  const reload = useCallback(() => fetchInto(() => true), [fetchInto]);
  return { ...state, reload };
}
