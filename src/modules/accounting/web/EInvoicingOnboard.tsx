import { Button, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isApiError } from '../../../web/api/client';
import { RefSelect } from '../../../web/entity/RefSelect';
import { useLocale } from '../../../web/i18n/useLocale';
import { errorMessage, notifyError, notifySuccess } from '../../../web/ui/notify';
import { environmentText, et } from './einvoicingTexts';

/**
 * "Onboard a unit" (POST /api/accounting/zatca/units): the server does the key, CSR, compliance CSID for the OTP,
 * the compliance checks and the production CSID in one call; a unit bound to a POS branch signs that branch's till
 * sales (its own chain), one without signs the office's invoices and notes; its messages (in the page's language) show on the
 * field they name, or above the button when they name none (the authority unreachable).
 */
type Fields = Partial<Record<'name' | 'environment' | 'otp' | 'baseUrl' | 'branch' | 'branchId' | 'industry', string>>;
const EMPTY = { name: '', environment: 'sandbox', otp: '', branch: '', branchId: null as string | null, industry: '', baseUrl: '' };

export function EInvoicingOnboard() {
  const { label } = useLocale();
  const qc = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Fields>({});
  const [general, setGeneral] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (v: string | null) => setForm((f) => ({ ...f, [k]: v }));
  const onboard = useMutation({
    mutationFn: () => api<{ name: string }>('/api/accounting/zatca/units', {
      method: 'POST',
      body: {
        name: form.name, environment: form.environment, otp: form.otp,
        ...(form.branchId ? { branchId: Number(form.branchId) } : {}),
        ...(form.branch.trim() ? { branch: form.branch } : {}), ...(form.industry.trim() ? { industry: form.industry } : {}), ...(form.baseUrl.trim() ? { baseUrl: form.baseUrl } : {}),
      },
    }),
    onSuccess: (u) => {
      notifySuccess(label(et.onboardDone, { name: u.name }));
      setForm(EMPTY);
      setErrors({}); setGeneral(null);
      void qc.invalidateQueries({ queryKey: ['zatca'] });
    },
    onError: (e) => {
      const fields = isApiError(e) ? (e.fields as Fields) : {};
      setErrors(fields);
      setGeneral(Object.keys(fields).length ? null : errorMessage(e));
      notifyError(label(et.onboardFailed), e);
    },
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={(e) => { e.preventDefault(); onboard.mutate(); }} aria-labelledby="zatca-onboard">
        <Stack>
          <Title order={2} fz="md" id="zatca-onboard">{label(et.onboard)}</Title>
          <Text c="dimmed" size="sm">{label(et.onboardHelp)}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={label(et.name)} value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} required maxLength={200} error={errors.name} />
            <Select label={label(et.environment)} value={form.environment} onChange={(v) => set('environment')(v ?? 'sandbox')} allowDeselect={false} error={errors.environment}
              data={Object.entries(environmentText).map(([value, l]) => ({ value, label: label(l) }))} />
            <TextInput label={label(et.otp)} value={form.otp} onChange={(e) => set('otp')(e.currentTarget.value)} required inputMode="numeric" dir="ltr" maxLength={6} autoComplete="one-time-code" error={errors.otp} />
            <RefSelect target="posBranch" label={label(et.posBranch)} description={label(et.posBranchHelp)} value={form.branchId} onChange={set('branchId')}
              filters={{ isActive: 'true' }} placeholder={label(et.officeUnit)} error={errors.branchId} />
            <TextInput label={label(et.branch)} value={form.branch} onChange={(e) => set('branch')(e.currentTarget.value)} maxLength={200} error={errors.branch} />
            <TextInput label={label(et.industry)} value={form.industry} onChange={(e) => set('industry')(e.currentTarget.value)} maxLength={200} error={errors.industry} />
            <TextInput label={label(et.baseUrl)} description={label(et.baseUrlHelp)} value={form.baseUrl} onChange={(e) => set('baseUrl')(e.currentTarget.value)} dir="ltr" maxLength={500} error={errors.baseUrl} />
          </SimpleGrid>
          {general && <Text c="red" size="sm" role="alert">{general}</Text>}
          <Button type="submit" w="fit-content" leftSection={<IconPlugConnected size={16} />} loading={onboard.isPending}>{label(et.onboard)}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
