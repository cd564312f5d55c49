import { Drawer } from '@mantine/core';
import { useLocale } from '../i18n/useLocale';
import NavMenu from './NavMenu';

/** Below the lg breakpoint the sidebar is a drawer opened by the burger (loaded on first use). */
export default function MobileNav({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { dir } = useLocale();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={dir === 'rtl' ? 'right' : 'left'}
      size={300}
      hiddenFrom="lg"
      padding="xs"
      withCloseButton={false}
    >
      <NavMenu />
    </Drawer>
  );
}
