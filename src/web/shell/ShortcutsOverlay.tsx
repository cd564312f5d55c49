import '../i18n/lazyMessages';
import { Group, Kbd, Modal, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { keyLabels, useCurrentShortcuts } from './shortcuts';

/** The "?" overlay: the current screen's shortcuts and those that work everywhere, in the page's language. */
export default function ShortcutsOverlay({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const screen = useCurrentShortcuts();
  const everywhere: [string, string][] = [
    ['mod+K', t('shell.keys.palette')],
    ['?', t('shell.keys.help')],
    ['Tab', t('shell.keys.skip')],
    ['mod+S', t('shell.keys.save')],
    ['Enter', t('shell.keys.submit')],
    ['Esc', t('shell.keys.close')],
  ];
  const table = (rows: [string, string][]) => (
    <Table verticalSpacing={6}>
      <Table.Tbody>
        {rows.map(([keys, label]) => (
          <Table.Tr key={keys}>
            <Table.Td w="40%">
              <Group gap={4} wrap="nowrap" dir="ltr" justify="flex-start">
                {keyLabels(keys).map((k) => <Kbd key={k}>{k}</Kbd>)}
              </Group>
            </Table.Td>
            <Table.Td>{label}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('shell.shortcuts')} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        {screen.length > 0 && (
          <div>
            <Title order={3} fz="sm" mb={4}>{t('shell.shortcutsScreen')}</Title>
            {table(screen.map((s) => [s.keys, s.label]))}
          </div>
        )}
        <div>
          <Title order={3} fz="sm" mb={4}>{t('shell.shortcutsEverywhere')}</Title>
          {table(everywhere)}
        </div>
      </Stack>
    </Modal>
  );
}
