import { Button } from '@mantine/core';
import { i18next } from '../i18n/i18n';
import { showNotification } from '../ui/notify';

/** A lasting notification that a new build is out, with a reload button. */
export function notifyNewBuild(onReload: () => void): void {
  showNotification({
    id: 'new-build',
    title: i18next.t('shell.newBuild'),
    message: (
      <>
        {i18next.t('shell.newBuildText')}
        <Button size="compact-xs" variant="light" onClick={onReload} mt={6} display="block">
          {i18next.t('common.reload')}
        </Button>
      </>
    ),
    autoClose: false,
    withCloseButton: true,
  });
}
