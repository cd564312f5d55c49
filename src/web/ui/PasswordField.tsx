import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** PasswordInput whose show/hide button is labelled in the page's language (Mantine's default is English). */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }} />;
}
