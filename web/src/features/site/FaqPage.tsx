import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { Actions, PageHero, PageSection } from './marketing';

// In the order a newcomer asks them: who and how, then money, then the everyday features.
const QUESTIONS = [
  'who',
  'account',
  'organisation',
  'neq',
  'fees',
  'payment',
  'payout',
  'changes',
  'ratings',
  'alerts',
  'languages',
  'address',
  'privacy',
  'unpublish',
] as const;

/**
 * `/faq`: each question the <summary> of a <details>, its answer opening in place without script.
 * The question stays plain text: a heading inside <summary> loses its role in some screen readers.
 */
export function FaqPage() {
  const { t } = useTranslation('site');
  usePageTitle(t('faq.pageTitle'));
  return (
    <>
      <PageHero title={t('faq.title')} lead={t('faq.lead')} />
      <PageSection title={t('faq.listTitle')}>
        {QUESTIONS.map((id) => (
          <details key={id} className="faq__item">
            <summary className="faq__question">{t(`faq.items.${id}.question`)}</summary>
            <p>{t(`faq.items.${id}.answer`)}</p>
          </details>
        ))}
      </PageSection>
      <PageSection title={t('faq.more.title')} intro={t('faq.more.body')} className="landing-section--closing">
        <Actions actions={[{ to: PATHS.contact, label: t('faq.more.link') }]} />
      </PageSection>
    </>
  );
}
