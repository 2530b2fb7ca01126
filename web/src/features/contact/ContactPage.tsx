// /nous-joindre (spec §2, full-screen): how to reach the team, the reply delay of spec §9, the team's
// address when the deployment has one, and the contact form (docs/contact.md). Rendering reads no
// browser state (the page may be prerendered): the address comes from config.json, the form's timer
// starts in an effect.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_REPLY_WORKING_HOURS } from '@partage/graphql';
import { useApiQuery } from '../../lib/api/queries';
import { useSession } from '../../lib/auth/session';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { useLoadedSiteSettings } from '../../lib/site-settings';
import { ContactForm } from './ContactForm';
import { CONTACT_SENDER } from './operations';
import './contact.css';

export function ContactPage() {
  const { t } = useTranslation('contact');
  usePageTitle(t('pageTitle'));
  const titleId = useId();
  const site = useLoadedSiteSettings();
  const contactEmail = site?.contactEmail;
  // Without a team address there is nowhere to write: the deployment has none, or the server says so
  // (CONTACT_UNAVAILABLE). Until config.json has arrived the form shows, as it does in most deployments.
  const [refused, setRefused] = useState(false);
  const unavailable = refused || (site !== null && !contactEmail);
  const signedIn = useSession() !== null;
  const onUnavailable = () => setRefused(true);
  return (
    <div className="contact">
      <section className="contact__intro" aria-labelledby={titleId}>
        <h1 id={titleId}>{t('title')}</h1>
        <p className="contact__lead">{t('intro')}</p>
        <p className="contact__delay">{t('replyDelay', CONTACT_REPLY_WORKING_HOURS)}</p>
        {contactEmail && (
          <p>
            {t('emailUs')} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </p>
        )}
      </section>
      <div className="contact__panel">
        {unavailable ? (
          <p className="notice notice--error">{t('unavailable')}</p>
        ) : signedIn ? (
          <SignedInForm onUnavailable={onUnavailable} />
        ) : (
          <ContactForm initial={{}} onUnavailable={onUnavailable} />
        )}
      </div>
    </div>
  );
}

/** Waits for the user's name and address, so the form starts filled with them. */
function SignedInForm({ onUnavailable }: { onUnavailable: () => void }) {
  const { t } = useTranslation('contact');
  const me = useApiQuery(CONTACT_SENDER, {});
  if (me.isPending) return <p role="status">{t('loading')}</p>;
  const profile = me.data?.me?.profile;
  const initial = {
    name: profile ? `${profile.firstName} ${profile.lastName}`.trim() : '',
    email: me.data?.me?.email ?? '',
    organization: profile?.organizationName ?? '',
  };
  return <ContactForm initial={initial} onUnavailable={onUnavailable} />;
}
