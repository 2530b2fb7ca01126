import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { loginPathReturningTo, safeReturnPath } from '../../../app/return-path';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { SignupDone } from './SignupDone';
import { SignupForm } from './SignupForm';

/**
 * `/inscription`, then its completion state (spec §2). A `returnPath` in the query goes into the
 * confirmation link, so the new user ends up where they were going.
 */
export function SignupPage() {
  const { t } = useTranslation('signup');
  const [params] = useSearchParams();
  const returnPath = safeReturnPath(params.get('returnPath'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  usePageTitle(sentTo ? t('done.title') : t('title'));

  if (sentTo) return <SignupDone email={sentTo} />;
  return (
    <div className="page page--narrow">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <p>
        <Trans
          t={t}
          i18nKey="haveAccount"
          components={{ login: <Link to={returnPath ? loginPathReturningTo(returnPath) : PATHS.login} /> }}
        />
      </p>
      <SignupForm returnPath={returnPath} onCreated={setSentTo} />
    </div>
  );
}
