import '../i18n/lazyMessages';
import { useCallback, useState } from 'react';
import ShortcutsOverlay from './ShortcutsOverlay';
import { useFocusOnNavigate } from './useFocusOnNavigate';
import { useGlobalKeys } from './useGlobalKeys';

/**
 * The keyboard's part of the signed-in frame, a lazy chunk mounted by AppLayout: focus to the page title on
 * navigation, Ctrl+S and "?" everywhere, and the "?" overlay of shortcuts.
 */
export default function KeyboardLayer() {
  const [help, setHelp] = useState(false);
  const openHelp = useCallback(() => setHelp(true), []);
  useFocusOnNavigate();
  useGlobalKeys(openHelp);
  return <ShortcutsOverlay opened={help} onClose={() => setHelp(false)} />;
}
