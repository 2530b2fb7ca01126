import { Trans, useTranslation } from 'react-i18next';
import { maxLength, password, PASSWORD_MAX_LENGTH, required, samePassword, type UiLanguage } from '@partage/graphql';
import { useApiMutation } from '../../../lib/api/queries';
import { useLegalDocumentUrls } from '../../../lib/legal/legal-documents';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { notifyError } from '../../../lib/notifications/notify-error';
import { PasswordPairFields } from '../password/NewPasswordFields';
import { CheckboxField } from '../../../lib/profile-form/CheckboxField';
import { FormSection, ProfileFields } from '../../../lib/profile-form/ProfileFields';
import {
  CONTENT_LANGUAGE_OF,
  emptyProfile,
  fieldsWithMessages,
  newAccountInput,
  profileFieldsOf,
  profileRules,
  type ProfileField,
  type ProfileValues,
} from '../../../lib/profile-form/profile-values';
import { useFieldsForm, type FieldRules } from '../../../lib/profile-form/use-fields-form';
import { handOverPaintedForm } from '../../../lib/painted-forms/hand-over';
import { CREATE_USER_ACCOUNT } from './operations';

const PROFILE_FIELDS = profileFieldsOf('signup', 'USER');

const RULES: FieldRules<ProfileValues> = {
  ...profileRules(PROFILE_FIELDS),
  password: { rules: [required, password, maxLength(PASSWORD_MAX_LENGTH)], messageValues: { max: PASSWORD_MAX_LENGTH } },
  passwordConfirmation: { rules: [required, (value, values) => samePassword(value, values.password)] },
  acceptedTermsAndPrivacy: { rules: [required] },
  notRentalCompany: { rules: [required] },
};

const MESSAGE_FIELDS: ProfileField[] = [...fieldsWithMessages(PROFILE_FIELDS), 'password', 'acceptedTermsAndPrivacy', 'notRentalCompany'];

interface SignupFormProps {
  /** A local path the confirmation link brings the new user back to. */
  returnPath: string | null;
  onCreated: (email: string) => void;
}

/** Every field of the account creation input (spec §3), the password, and the two required declarations. */
export function SignupForm({ returnPath, onCreated }: SignupFormProps) {
  const { t, i18n } = useTranslation('signup');
  const language = i18n.language as UiLanguage;
  const legal = useLegalDocumentUrls(language);
  const form = useFieldsForm(emptyProfile(CONTENT_LANGUAGE_OF[language]), RULES);
  const createAccount = useApiMutation(CREATE_USER_ACCOUNT);

  const create = async (values: ProfileValues) => {
    const input = {
      ...newAccountInput(values, PROFILE_FIELDS),
      password: values.password,
      acceptedTermsAndPrivacy: values.acceptedTermsAndPrivacy,
      notRentalCompany: values.notRentalCompany,
      // E-mails speak the language the form was filled in.
      language: CONTENT_LANGUAGE_OF[language],
      ...(returnPath && { returnPath }),
    };
    try {
      await createAccount.mutateAsync({ input });
      onCreated(values.email.trim());
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, MESSAGE_FIELDS, { DUPLICATE_EMAIL: 'email' });
      if (fieldErrors) form.showErrors(fieldErrors);
      else notifyError(error);
    }
  };

  return (
    <form ref={handOverPaintedForm} method="post" noValidate onSubmit={form.submit(create)}>
      <ProfileFields form={form} fields={PROFILE_FIELDS} mode="signup" />
      <FormSection title={t('password.title')}>
        <PasswordPairFields
          newPassword={form.text('password')}
          confirmation={form.text('passwordConfirmation')}
          labels={{ password: t('password.password'), rule: t('password.rule'), confirmation: t('password.confirmation') }}
        />
      </FormSection>
      <FormSection title={t('legal.title')}>
        <p>
          <Trans
            t={t}
            i18nKey="legal.read"
            components={{
              terms: <a href={legal.terms} target="_blank" rel="noopener" />,
              privacy: <a href={legal.privacy} target="_blank" rel="noopener" />,
            }}
          />
        </p>
        <CheckboxField label={t('legal.acceptTerms')} field={form.control('acceptedTermsAndPrivacy')} required />
        <CheckboxField label={t('legal.notRentalCompany')} field={form.control('notRentalCompany')} required />
      </FormSection>
      <div className="form-actions">
        <SubmitButton busy={form.submitting}>{t('submit')}</SubmitButton>
      </div>
    </form>
  );
}
