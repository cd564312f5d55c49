import { Alert, Button, Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../web/api/client';
import { errorMessage, notifyError, notifySuccess } from '../../../web/ui/notify';
import { PasswordField } from '../../../web/ui/PasswordField';
import { mandatory } from '../../../web/ui/mandatory';

/**
 * Own password change (POST /api/auth/password); the server signs out the user's other sessions. `plain`: without
 * its own card and title (inside the sign-in frame, when the password must be changed); `onDone` after success.
 */
type Key = 'currentPassword' | 'newPassword' | 'repeat';

export function PasswordForm({ plain = false, onDone }: { plain?: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const empty = { currentPassword: '', newPassword: '', repeat: '' };
  const [values, setValues] = useState<Record<Key, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labels: Record<Key, string> = {
    currentPassword: t('profiles.currentPassword'),
    newPassword: t('profiles.newPassword'),
    repeat: t('profiles.repeatPassword'),
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const errs: Partial<Record<Key, string>> = {};
    for (const k of Object.keys(labels) as Key[]) if (!values[k]) errs[k] = t('auth.required', { field: labels[k] });
    if (!errs.repeat && values.repeat !== values.newPassword) errs.repeat = t('profiles.mismatch');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await api('/api/auth/password', { method: 'POST', body: { currentPassword: values.currentPassword, newPassword: values.newPassword } });
      notifySuccess(t('profiles.passwordChanged'));
      setValues(empty);
      onDone?.();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields as Partial<Record<Key, string>>);
      setFormError(errorMessage(err));
      notifyError(t('profiles.passwordError'), err);
    } finally {
      setBusy(false);
    }
  };

  const input = (k: Key, autoComplete: string) => (
    <PasswordField
      label={labels[k]}
      value={values[k]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [k]: value }));
      }}
      error={errors[k]}
      autoComplete={autoComplete}
      {...mandatory(true)}
    />
  );

  const form = (
    <form onSubmit={submit} noValidate>
      {formError && (
        <Alert color="red" icon={<IconAlertCircle />} mb="md" role="alert">
          {formError}
        </Alert>
      )}
      <SimpleGrid cols={plain ? 1 : { base: 1, sm: 3 }}>
        {input('currentPassword', 'current-password')}
        {input('newPassword', 'new-password')}
        {input('repeat', 'new-password')}
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={busy}>
          {t('profiles.changePassword')}
        </Button>
      </Group>
    </form>
  );
  if (plain) return form;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="md">
        {t('profiles.passwordTitle')}
      </Title>
      {form}
    </Paper>
  );
}
