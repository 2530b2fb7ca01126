// /evaluations/arreter-les-rappels?utilisateur=<id>&token=<token> (issue 21): the "stop these
// reminders" link of every rating reminder, and where a mail client that opens the one-click
// unsubscribe URL in a browser lands. It asks before stopping (a link scanner only opens the page).
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiMutation } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { STOP_RATING_REMINDERS } from './operations';

export function StopRemindersPage() {
  const { t } = useTranslation('ratings');
  usePageTitle(t('reminders.title'));
  const [params] = useSearchParams();
  const userId = params.get('utilisateur') ?? '';
  const token = params.get('token') ?? '';
  const stop = useApiMutation(STOP_RATING_REMINDERS, { invalidates: [] });
  return (
    <div className="page page--narrow">
      <h1>{t('reminders.title')}</h1>
      {stop.isSuccess ? (
        <p role="status">{t('reminders.stopped')}</p>
      ) : (
        <>
          <p>{t('reminders.explain')}</p>
          {stop.isError && <p role="alert">{t(errorMessageKey(stop.error), { ns: 'common' })}</p>}
          <button
            type="button"
            className="button"
            aria-disabled={stop.isPending || undefined}
            onClick={() => {
              if (!stop.isPending) stop.mutate({ input: { userId, token } });
            }}
          >
            {t('reminders.stop')}
          </button>
        </>
      )}
    </div>
  );
}
