import { useEffect } from 'react';

/**
 * Keys that work on every screen of the signed-in app (listed by the "?" overlay):
 * - Ctrl+S (⌘S): submits the form the focus is in, else the form of the open dialog, else the screen's only form,
 *   through requestSubmit, so validation and the confirmation run as with the Save button;
 * - ?: opens the shortcuts overlay (not while typing in a field).
 * Enter in a field submits its form natively; Escape closes dialogs and menus (Mantine).
 */
const EDITABLE = 'input, textarea, select, [contenteditable="true"], [role="combobox"]';

export function formToSubmit(active: Element | null): HTMLFormElement | null {
  const own = active?.closest('form');
  if (own) return own;
  const dialogs = [...document.querySelectorAll('[role="dialog"]')];
  const scope = dialogs.at(-1) ?? document.querySelector('main');
  const forms = scope ? [...scope.querySelectorAll('form')] : [];
  return forms.length === 1 ? forms[0]! : null;
}

export function useGlobalKeys(openHelp: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        const form = formToSubmit(document.activeElement);
        if (!form) return;
        e.preventDefault();
        form.requestSubmit();
        return;
      }
      if (e.key === '?' && !e.ctrlKey && !e.metaKey && !(e.target instanceof Element && e.target.closest(EDITABLE))) {
        e.preventDefault();
        openHelp();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openHelp]);
}
