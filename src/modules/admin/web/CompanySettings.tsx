import { Container, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { permissionCode } from '../../../core/entity/define';
import { api } from '../../../web/api/client';
import { meKey, useCan, useMe } from '../../../web/api/useAuth';
import { useEntity } from '../../../web/api/useEntityQueries';
import { EntityForm } from '../../../web/entity/EntityForm';
import { useEntityMessages } from '../../../web/entity/useEntityMessages';
import { useSaveEntity } from '../../../web/entity/useSaveEntity';
import { useConfirm } from '../../../web/ui/ConfirmProvider';
import { NoAccess } from '../../../web/ui/NoAccess';
import { notifyError, notifySuccess } from '../../../web/ui/notify';
import { PageLoader } from '../../../web/ui/PageLoader';
import { company } from '../model/company.entity';
import { usePageTitle } from '../../../web/ui/usePageTitle';

/**
 * /settings/company: the generic form of the signed-in user's company (GET/PATCH /api/admin/companies/:id),
 * and for the instance administrator the switch that opens or closes sign-up of new companies.
 */
export default function CompanySettings() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const can = useCan();
  const qc = useQueryClient();
  const record = useEntity(company, me?.company.id);
  const save = useSaveEntity(company);
  const m = useEntityMessages(company);
  usePageTitle(t('settings.company'));
  if (!can(permissionCode(company, 'view'))) return <NoAccess />;
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('settings.company')}
        </Title>
        <Paper withBorder radius="md" p="lg">
          {record.isPending ? (
            <PageLoader />
          ) : record.error ? (
            <Text c="red">{m.loadError}</Text>
          ) : (
            <EntityForm
              key={record.data.id}
              def={company}
              mode="update"
              row={record.data}
              readOnly={!can(permissionCode(company, 'change'))}
              confirmMessage={m.confirmEdit}
              onSubmit={async (body) => {
                await save(record.data, body);
                await qc.invalidateQueries({ queryKey: meKey });
              }}
            />
          )}
        </Paper>
        {me?.user.isInstanceAdmin && <SignupSwitch />}
      </Stack>
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
