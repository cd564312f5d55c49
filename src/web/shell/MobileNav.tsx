import { Drawer } from '@mantine/core';
import NavMenu from './NavMenu';

/** Below the lg breakpoint the sidebar is a drawer at the start side (opened by the burger, loaded on first use). */
export default function MobileNav({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={300}
      hiddenFrom="lg"
      padding="xs"
      withCloseButton={false}
    >
      <NavMenu />
    </Drawer>
  );
}
