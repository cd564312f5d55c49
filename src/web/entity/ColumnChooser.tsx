import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnyEntity } from '../../core/entity/define';
import { useLocale } from '../i18n/useLocale';
import { choosableColumns } from './useColumnPrefs';

export function ColumnChooser({ def, visible, onToggle }: { def: AnyEntity; visible: string[]; onToggle: (k: string) => void }) {
  const { t } = useTranslation();
  const { label } = useLocale();
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          {t('list.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {choosableColumns(def).map((k) => (
            <Checkbox
              key={k}
              label={label(def.fields[k]!.label)}
              checked={visible.includes(k)}
              disabled={visible.length === 1 && visible.includes(k)}
              onChange={() => onToggle(k)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
