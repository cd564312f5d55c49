import { Alert, Anchor, Button, Center, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { fieldErrors, fieldSchema } from '../../core/entity/schema';
import type { Field } from '../../core/entity/field';
import { company } from '../../modules/admin/model/company.entity';
import { user } from '../../modules/admin/model/user.entity';
import { isApiError } from '../api/client';
import { browserTimeZone, type SignupBody, useSignup, useSignupStatus } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { errorMessage, notifySuccess } from '../ui/notify';
import { AuthFrame } from './AuthFrame';
import { PasswordField } from '../ui/PasswordField';
import { TimeZoneSelect } from '../ui/TimeZoneSelect';
import { usePageTitle } from '../ui/usePageTitle';
import { mandatory } from '../ui/mandatory';
import { packOf, PACKS } from '../../modules/accounting/model/country-packs/packs';
import { currencyOptions, defaultCountry, monthOptions } from './signupDefaults';
import { signupTexts as st } from './signupTexts';

/**
 * Sign-up of a new company and its first administrator. The fields are validated with the company and user
 * definitions' own rules (same zod schemas as the server), relabelled for this form. The company's time zone is
 * pre-filled with the browser's. The country (from the browser's language region, else its time zone) picks the
 * country pack; the currency (ISO 4217, named by Intl in the page's language) follows the country until chosen.
 */
type Key = Exclude<keyof SignupBody, 'country' | 'fiscalYearStartMonth' | 'taxNumber'>;
const order: Key[] = ['companyNameEn', 'companyNameAr', 'currency', 'timeZone', 'username', 'fullName', 'password'];

export default function SignupPage() {
  const { t } = useTranslation();
  const { locale, to, label } = useLocale();
  const navigate = useNavigate();
  const status = useSignupStatus();
  const signup = useSignup();
  const [values, setValues] = useState<SignupBody>(() => {
    const country = defaultCountry();
    return {
      companyNameEn: '', companyNameAr: '', currency: packOf(country).currency, timeZone: browserTimeZone(), username: '', fullName: '', password: '',
      country, fiscalYearStartMonth: 1, taxNumber: '',
    };
  });
  const currencies = useMemo(() => currencyOptions(locale, values.currency), [locale, values.currency]);
  const months = useMemo(() => monthOptions(locale), [locale]);
  const countries = PACKS.map((p) => ({ value: p.code, label: label(p.name) }));
  const pack = packOf(values.country);
  const [errors, setErrors] = useState<Record<string, string>>({});
  usePageTitle(t('auth.signupTitle'));

  const labels: Record<Key, string> = {
    companyNameEn: t('auth.companyNameEn'),
    companyNameAr: t('auth.companyNameAr'),
    currency: t('auth.currency'),
    timeZone: t('auth.timeZone'),
    username: t('auth.username'),
    fullName: t('auth.fullName'),
    password: t('auth.password'),
  };
  const relabel = (f: Field, k: Key): Field => ({ ...f, label: { en: labels[k], ar: labels[k] } });
  const schema = z.object({
    companyNameEn: fieldSchema(relabel(company.fields.nameEn, 'companyNameEn'), locale),
    companyNameAr: fieldSchema(relabel(company.fields.nameAr, 'companyNameAr'), locale),
    currency: fieldSchema(relabel(company.fields.currency, 'currency'), locale),
    timeZone: fieldSchema(relabel(company.fields.timeZone, 'timeZone'), locale),
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
    const body = {
      ...(parsed.data as SignupBody), currency: String(parsed.data.currency).toUpperCase(),
      country: values.country, fiscalYearStartMonth: values.fiscalYearStartMonth, taxNumber: values.taxNumber,
    };
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

  const field = (k: Key) =>
    k === 'password' ? (
      <PasswordField key={k} label={labels[k]} value={values[k]} onChange={set(k)} error={errors[k]} {...mandatory(true)} autoComplete="new-password" />
    ) : k === 'currency' ? (
      <Select key={k} label={labels[k]} description={label(st.currencyHelp)} data={currencies} value={values.currency || null} allowDeselect={false}
        onChange={(c) => setValues((v) => ({ ...v, currency: c ?? '' }))} error={errors[k]} searchable limit={400}
        nothingFoundMessage={label(st.nothingFound)} {...mandatory(true)} />
    ) : k === 'timeZone' ? (
      <TimeZoneSelect key={k} label={labels[k]} value={values[k]} onChange={(z) => setValues((v) => ({ ...v, timeZone: z }))} error={errors[k]}
        description={t('auth.timeZoneHelp')} required />
    ) : (
      <TextInput
        key={k}
        label={labels[k]}
        value={values[k]}
        onChange={set(k)}
        error={errors[k]}
        {...mandatory(true)}
        dir={k === 'companyNameAr' ? 'rtl' : k === 'companyNameEn' || k === 'username' ? 'ltr' : undefined}
        autoComplete={k === 'username' ? 'username' : k === 'fullName' ? 'name' : 'off'}
      />
    );

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
            {order.slice(0, 2).map(field)}
            <Select
              label={label(st.country)} description={label(st.countryHelp)} data={countries} value={values.country} allowDeselect={false}
              onChange={(c) => c && setValues((v) => ({ ...v, country: c, currency: packOf(c).code === 'XX' ? v.currency : packOf(c).currency }))}
              error={errors.country} searchable nothingFoundMessage={label(st.nothingFound)} {...mandatory(true)}
            />
            {field('currency')}
            <TextInput
              label={label(st.taxNumber)} description={label(st.taxNumberFormat, { format: label(pack.taxNumber.format) })} value={values.taxNumber}
              onChange={(e) => { const taxNumber = e.currentTarget.value; setValues((v) => ({ ...v, taxNumber })); }} error={errors.taxNumber} dir="ltr" autoComplete="off"
            />
            <Select
              label={label(st.fiscalYearStartMonth)} data={months} value={String(values.fiscalYearStartMonth)} allowDeselect={false}
              onChange={(m) => m && setValues((v) => ({ ...v, fiscalYearStartMonth: Number(m) }))} error={errors.fiscalYearStartMonth} {...mandatory(true)}
            />
            {order.slice(3).map(field)}
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
