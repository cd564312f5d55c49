import { Alert, Anchor, Button, Center, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { fieldErrors, fieldSchema } from '../../core/entity/schema';
import type { Field } from '../../core/entity/field';
import { company } from '../../modules/admin/model/company.entity';
import { user } from '../../modules/admin/model/user.entity';
import { isApiError } from '../api/client';
import { type SignupBody, useSignup, useSignupStatus } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { errorMessage, notifySuccess } from '../ui/notify';
import { AuthFrame } from './AuthFrame';
import { PasswordField } from '../ui/PasswordField';
import { usePageTitle } from '../ui/usePageTitle';
import { mandatory } from '../ui/mandatory';

/**
 * Sign-up of a new company and its first administrator. The fields are validated with the company and user
 * definitions' own rules (same zod schemas as the server), relabelled for this form.
 */
type Key = keyof SignupBody;
const order: Key[] = ['companyNameEn', 'companyNameAr', 'currency', 'username', 'fullName', 'password'];

export default function SignupPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const status = useSignupStatus();
  const signup = useSignup();
  const [values, setValues] = useState<SignupBody>({ companyNameEn: '', companyNameAr: '', currency: '', username: '', fullName: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  usePageTitle(t('auth.signupTitle'));

  const labels: Record<Key, string> = {
    companyNameEn: t('auth.companyNameEn'),
    companyNameAr: t('auth.companyNameAr'),
    currency: t('auth.currency'),
    username: t('auth.username'),
    fullName: t('auth.fullName'),
    password: t('auth.password'),
  };
  const relabel = (f: Field, k: Key): Field => ({ ...f, label: { en: labels[k], ar: labels[k] } });
  const schema = z.object({
    companyNameEn: fieldSchema(relabel(company.fields.nameEn, 'companyNameEn'), locale),
    companyNameAr: fieldSchema(relabel(company.fields.nameAr, 'companyNameAr'), locale),
    currency: fieldSchema(relabel(company.fields.currency, 'currency'), locale),
    username: fieldSchema(relabel(user.fields.username, 'username'), locale),
    fullName: fieldSchema(relabel(user.fields.fullName, 'fullName'), locale),
    password: z.string().min(1, { error: t('auth.required', { field: labels.password }) }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const body = { ...(parsed.data as SignupBody), currency: String(parsed.data.currency).toUpperCase() };
    signup.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('auth.signupDone'));
        void navigate(to('/home'), { replace: true });
      },
      onError: (err) => {
        if (isApiError(err, 422)) setErrors(err.fields);
      },
    });
  };

  const set = (k: Key) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  let content: React.ReactNode;
  if (status.isPending) {
    content = (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  } else if (status.data && !status.data.enabled) {
    content = (
      <Alert color="orange" icon={<IconInfoCircle />} role="status">
        {t('auth.signupDisabled')}
      </Alert>
    );
  } else {
    content = (
      <form onSubmit={submit} noValidate>
        <Stack>
          {signup.error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errorMessage(signup.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {order.map((k) =>
              k === 'password' ? (
                <PasswordField key={k} label={labels[k]} value={values[k]} onChange={set(k)} error={errors[k]} {...mandatory(true)} autoComplete="new-password" />
              ) : (
                <TextInput
                  key={k}
                  label={labels[k]}
                  value={values[k]}
                  onChange={set(k)}
                  error={errors[k]}
                  {...mandatory(true)}
                  dir={k === 'companyNameAr' ? 'rtl' : k === 'companyNameEn' || k === 'currency' || k === 'username' ? 'ltr' : undefined}
                  placeholder={k === 'currency' ? 'USD' : undefined}
                  maxLength={k === 'currency' ? 3 : undefined}
                  autoComplete={k === 'username' ? 'username' : k === 'fullName' ? 'name' : 'off'}
                />
              ),
            )}
          </SimpleGrid>
          <Button type="submit" loading={signup.isPending} fullWidth>
            {t('auth.signup')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <AuthFrame title={t('auth.signupTitle')} subtitle={t('auth.signupSubtitle')} width={640}>
      {content}
      <Text size="sm" ta="center" mt="md">
        {t('auth.haveAccount')}{' '}
        <Anchor component={Link} to={to('/login')}>
          {t('auth.loginLink')}
        </Anchor>
      </Text>
    </AuthFrame>
  );
}
