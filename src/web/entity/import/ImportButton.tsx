import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The list's Import button; its label is in the shared catalogue (the drawer's own strings load with it). */
export function ImportButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={onClick}>
      {t('list.import')}
    </Button>
  );
}
