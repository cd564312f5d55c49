import { Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordForm } from '../../modules/admin/web/PasswordForm';
import { meKey, useLogout } from '../api/useAuth';
import { useLocale } from '../i18n/useLocale';
import { usePageTitle } from '../ui/usePageTitle';
import { AuthFrame } from './AuthFrame';

/**
 * Shown instead of the app while the signed-in user's password was set by an administrator: the server answers
 * every other call with 403 password_change_required until the user chooses their own.
 */
export default function PasswordChangePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const logout = useLogout();
  usePageTitle(t('auth.mustChangeTitle'));
  return (
    <AuthFrame title={t('auth.mustChangeTitle')} subtitle={t('auth.mustChangeSubtitle')}>
      <Stack>
        <PasswordForm plain onDone={() => void qc.invalidateQueries({ queryKey: meKey })} />
        <Button
          variant="subtle"
          color="gray"
          onClick={() => logout.mutate(undefined, { onSettled: async () => { await navigate(to('/login')); logout.forget(); } })}
        >
          {t('shell.logout')}
        </Button>
      </Stack>
    </AuthFrame>
  );
}
