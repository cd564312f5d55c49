import { type RefObject, useLayoutEffect, useRef } from 'react';

/** A key kept for the cash field: a digit (Western or Arabic-Indic) or a decimal separator. */
const AMOUNT_KEY = /^[0-9٠-٩.٫]$/;

/**
 * Keys typed between F9 and the moment the pay dialog's cash field has the focus: Mantine's focus trap focuses it
 * after the dialog mounts, a frame or more later, longer on a busy machine. Until then what the cashier types would
 * go to the till's search field behind the dialog, where Enter adds a product. So, while the dialog is open and the
 * focus is outside it, the digits and the decimal separator are kept (Backspace takes the last back) and Enter is
 * remembered, none of them reaching the search field; once the cash field has the focus, `onReady(typed, enter)`
 * hands them over. Keys with Ctrl, Alt or Meta, and every key once the focus is inside a dialog, go where they go.
 */
export function useTypeAhead(opened: boolean, field: RefObject<HTMLInputElement | null>, onReady: (typed: string, enter: boolean) => void): void {
  const ready = useRef(onReady);
  ready.current = onReady;
  // a layout effect: installed when the dialog's first render is committed, before the next key event is handled
  useLayoutEffect(() => {
    if (!opened) return;
    let typed = '';
    let enter = false;
    const outside = () => !(document.activeElement instanceof Element && document.activeElement.closest('[role="dialog"]'));
    const onKey = (e: KeyboardEvent) => {
      if (!outside() || e.ctrlKey || e.altKey || e.metaKey) return;
      if (AMOUNT_KEY.test(e.key)) typed += e.key;
      else if (e.key === 'Backspace' && typed) typed = typed.slice(0, -1);
      else if (e.key === 'Enter') enter = true;
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    const onFocus = (e: FocusEvent) => {
      if (e.target !== field.current) return;
      stop();
      if (typed || enter) ready.current(typed, enter);
    };
    const stop = () => {
      window.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocus, true);
    };
    window.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocus, true);
    return stop;
  }, [opened, field]);
}
