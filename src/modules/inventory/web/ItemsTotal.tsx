import { Group, Text } from '@mantine/core';
import type { Label } from '../../../core/i18n/locale';
import { useLocale } from '../../../web/i18n/useLocale';

/** The footer figure of an item editor ("Total value 1,250.00"), numbers left-to-right in both languages. */
export function ItemsTotal({ label, value, hint, testId = 'items-total' }: { label: Label; value: string; hint?: Label; testId?: string }) {
  const { label: tr } = useLocale();
  return (
    <Group gap="md" wrap="nowrap">
      {hint && <Text size="xs" c="dimmed">{tr(hint)}</Text>}
      <Text size="sm" c="dimmed">{tr(label)}</Text>
      <Text size="sm" ff="monospace" fw={600} dir="ltr" data-testid={testId}>{value}</Text>
    </Group>
  );
}
