import { Container, Paper, Switch, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { permissionCode } from '../../../core/entity/define';
import { api } from '../../../web/api/client';
import { meKey, useCan, useMe } from '../../../web/api/useAuth';
import { EntitySingleton } from '../../../web/entity/EntitySingleton';
import { useConfirm } from '../../../web/ui/ConfirmProvider';
import { NoAccess } from '../../../web/ui/NoAccess';
import { notifyError, notifySuccess } from '../../../web/ui/notify';
import { company } from '../model/company.entity';

/**
 * /settings/company: the generic single-record form of the signed-in user's company (with its history),
 * and for the instance administrator the switch that opens or closes sign-up of new companies.
 */
export default function CompanySettings() {
  const { data: me } = useMe();
  const can = useCan();
  const qc = useQueryClient();
  if (!can(permissionCode(company, 'view'))) return <NoAccess />;
  return (
    <Container size="md" px={0}>
      <EntitySingleton def={company} onSaved={() => qc.invalidateQueries({ queryKey: meKey })}>
        {me?.user.isInstanceAdmin && <SignupSwitch />}
      </EntitySingleton>
    </Container>
  );
}

function SignupSwitch() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: ['system-settings'],
    queryFn: () => api<{ signupEnabled: boolean }>('/api/admin/system-settings'),
  });
  const patch = useMutation({
    mutationFn: (signupEnabled: boolean) =>
      api<{ signupEnabled: boolean }>('/api/admin/system-settings', { method: 'PATCH', body: { signupEnabled } }),
    onSuccess: (data) => {
      qc.setQueryData(['system-settings'], data);
      void qc.invalidateQueries({ queryKey: ['signup'] });
      notifySuccess(data.signupEnabled ? t('settings.signupOn') : t('settings.signupOff'));
    },
    onError: (e) => notifyError(t('settings.signupError'), e),
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="lg" mb="sm">
        {t('settings.signupTitle')}
      </Title>
      <Switch
        label={t('settings.signupSwitch')}
        checked={settings.data?.signupEnabled ?? false}
        disabled={settings.isPending || patch.isPending}
        onChange={async (e) => {
          const next = e.currentTarget.checked;
          if (await confirm({ message: t('confirm.signupSwitch') })) patch.mutate(next);
        }}
      />
    </Paper>
  );
}
