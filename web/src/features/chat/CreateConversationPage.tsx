import { useEffect, useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey } from '../../lib/api/errors';
import { useApiMutation } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { CREATE_CONVERSATION, MY_CONVERSATIONS } from './operations';
import { conversationPath } from './paths';

/**
 * `/conversations/creer/{adId}` (spec §2): the contact button of an ad leads here; the user's
 * conversation about the ad opens, started the first time (asking again opens the same one).
 */
export function CreateConversationPage() {
  const { adId = '' } = useParams();
  const { t } = useTranslation('chat');
  usePageTitle(t('create.title'));
  const create = useApiMutation(CREATE_CONVERSATION, { invalidates: [MY_CONVERSATIONS] });
  const asked = useRef('');
  const { mutate } = create;
  useEffect(() => {
    // Once per ad, also under StrictMode's double effects (the server would answer the same conversation anyway).
    if (asked.current === adId) return;
    asked.current = adId;
    mutate({ input: { adId } });
  }, [adId, mutate]);

  if (create.data) return <Navigate to={conversationPath(create.data.createConversation.id)} replace />;
  return (
    <div className="page page--narrow">
      <h1>{t('create.title')}</h1>
      {create.isError ? (
        <>
          <p role="alert" className="notice notice--error">
            {t(failureKey(create.error))}
          </p>
          <Link to="/annonces">{t('create.backToAds')}</Link>
        </>
      ) : (
        <p role="status">{t('create.opening')}</p>
      )}
    </div>
  );
}

const failureKey = (error: unknown): string =>
  error instanceof ApiError && error.code === 'NOT_FOUND' ? 'create.adNotFound' : `common:${errorMessageKey(error)}`;
