import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { serverFieldErrors } from '../forms/server-errors';
import { SubmitButton } from '../forms/SubmitButton';
import { notifyError } from '../notifications/notify-error';
import { notify } from '../notifications/store';
import { ProfileFields } from './ProfileFields';
import { fieldsWithMessages, profileChanges, profileFieldsOf, profileRules, type AccountKind, type ProfileValues } from './profile-values';
import { useFieldsForm } from './use-fields-form';

interface ProfileEditFormProps {
  mode: 'self' | 'adminEdit';
  kind: AccountKind;
  initial: ProfileValues;
  /** Sends the changed fields (an update input without its userId). */
  save: (changes: Record<string, unknown>) => Promise<unknown>;
}

const noChange = () => notify({ type: 'info', text: 'errors.NO_CHANGE' });

/** Edits a stored profile, sending only what changed; a save without change is skipped with a notice (spec §4). */
export function ProfileEditForm({ mode, kind, initial, save }: ProfileEditFormProps) {
  const { t } = useTranslation('profile');
  const fields = profileFieldsOf(mode, kind);
  const form = useFieldsForm(initial, profileRules(fields));

  const send = async (values: ProfileValues) => {
    const changes = profileChanges(values, form.changedFields(), fields);
    if (!changes) return noChange();
    try {
      await save(changes);
      form.rebase(values);
      notify({ type: 'success', text: 'profile:edit.saved' });
    } catch (error) {
      // Different spellings of the same value (a phone number, an address's case) change nothing.
      if (error instanceof ApiError && error.code === 'NO_CHANGE') {
        form.rebase(values);
        return noChange();
      }
      const fieldErrors = serverFieldErrors(error, fieldsWithMessages(fields), { DUPLICATE_EMAIL: 'email' });
      if (fieldErrors) form.showErrors(fieldErrors);
      else notifyError(error);
    }
  };

  return (
    <form noValidate onSubmit={form.submit(send)}>
      <ProfileFields form={form} fields={fields} mode={mode} />
      <div className="form-actions">
        <SubmitButton busy={form.submitting}>{t('edit.submit')}</SubmitButton>
      </div>
    </form>
  );
}
