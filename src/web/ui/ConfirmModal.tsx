import { Button, Group, Modal, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from './ConfirmProvider';

export default function ConfirmModal({ options, onFinish }: { options: ConfirmOptions | null; onFinish: (ok: boolean) => void }) {
  const { t } = useTranslation();
  // Keep showing the last question while the modal animates out.
  const last = useRef<ConfirmOptions | null>(null);
  if (options) last.current = options;
  const o = options ?? last.current;
  return (
    <Modal opened={options !== null} onClose={() => onFinish(false)} title={o?.title ?? t('confirm.title')} centered zIndex={400} transitionProps={{ duration: 80 }}>
      <Text>{o?.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => onFinish(false)}>
          {t('common.cancel')}
        </Button>
        <Button color={o?.danger ? 'red' : undefined} onClick={() => onFinish(true)} data-autofocus>
          {o?.confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
