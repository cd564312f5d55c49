import { IconAddressBook, IconApps, IconCalculator, IconCashRegister, IconPackages, IconSettings, IconShoppingCart, type Icon } from '@tabler/icons-react';

/** Module icons by the names manifests use; only these icons are bundled. Add one line per new icon name. */
const icons: Record<string, Icon> = {
  settings: IconSettings,
  'address-book': IconAddressBook,
  calculator: IconCalculator,
  packages: IconPackages,
  'shopping-cart': IconShoppingCart,
  'cash-register': IconCashRegister,
};

export function ModuleIcon({ name, size = 18 }: { name: string; size?: number }) {
  const C = icons[name] ?? IconApps;
  return <C size={size} stroke={1.6} />;
}
