import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { errorMessage } from '../ui/notify';
import { AuthFrame } from './AuthFrame';
import { safeNext } from './safeNext';
import { PasswordField } from '../ui/PasswordField';
import { usePageTitle } from '../ui/usePageTitle';
import { mandatory } from '../ui/mandatory';

/** Sign-in. The server's message (same for unknown user and wrong password, or "too many attempts") is shown as is. */
export function LoginPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  usePageTitle(t('auth.loginTitle'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!username.trim()) errs.username = t('auth.required', { field: t('auth.username') });
    if (!password) errs.password = t('auth.required', { field: t('auth.password') });
    setErrors(errs);
    if (Object.keys(errs).length) return;
    login.mutate(
      { username: username.trim(), password },
      { onSuccess: () => void navigate(safeNext(params.get('next')) ?? to('/home'), { replace: true }) },
    );
  };

  return (
    <AuthFrame title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {login.error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errorMessage(login.error)}
            </Alert>
          )}
          <TextInput
            label={t('auth.username')}
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username}
            {...mandatory(true)}
          />
          <PasswordField
            label={t('auth.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            {...mandatory(true)}
          />
          <Button type="submit" loading={login.isPending} fullWidth mt="xs">
            {t('auth.login')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.noAccount')}{' '}
            <Anchor component={Link} to={to('/signup')}>
              {t('auth.signupLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
