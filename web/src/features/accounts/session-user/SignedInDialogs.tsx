import { TermsDialog } from '../terms/TermsDialog';
import { WelcomeDialog } from '../welcome/WelcomeDialog';
import { useSessionUser } from './session-user';

/**
 * The dialogs `me` can call for on any page: the terms to accept first (spec §4), then the first-login
 * welcome. Both stay mounted once `me` is known, so that closing one gives focus back where it was.
 */
export function SignedInDialogs() {
  const user = useSessionUser();
  if (user.status !== 'ready') return null;
  const { me } = user;
  const acceptedTos = me.profile.acceptedTos;
  const termsPending = acceptedTos?.hasAcceptedLatest === false;
  // The terms come first in the tree too: the one closing gives focus back before the next one opens.
  return (
    <>
      {acceptedTos && <TermsDialog acceptedTos={acceptedTos} open={termsPending} />}
      <WelcomeDialog me={me} open={!termsPending && !me.firstLoginModalClosed} />
    </>
  );
}
