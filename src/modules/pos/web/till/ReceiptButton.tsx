import { Button, Menu, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconPrinter } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useLocale } from '../../../../web/i18n/useLocale';
import { showNotification } from '../../../../web/ui/notify';
import { type Paper, type ReceiptLang, type ReceiptOptions, readReceiptOptions, saveReceiptOptions } from './receiptOptions';
import { type TillText, tt } from './texts';

/**
 * The till's "Print receipt" as a split button: the print itself, and beside it a menu (a button of its own, reached
 * by Tab, opened by Enter/Space/arrow keys) choosing the paper (80 mm receipt or A4) and the language (the page's,
 * English, Arabic, or both). The choice is saved on this device at once (receiptOptions.ts) and every print reads it
 * (receipt.ts), so Alt+R, past orders' Reprint and the return's receipt all follow it. The menu's button says the
 * current choice to a screen reader and in its tooltip.
 */
const PAPER_TEXT: Record<Paper, TillText> = { receipt: 'paperReceipt', a4: 'paperA4' };
const LANG_TEXT: Record<ReceiptLang, TillText> = { page: 'langPage', en: 'langEn', ar: 'langAr', both: 'langBoth' };

export function ReceiptButton({ disabled, onPrint }: { disabled: boolean; onPrint: () => void }) {
  const { label, locale } = useLocale();
  const name = (l: ReceiptLang) => label(tt[LANG_TEXT[l]], { l: label(locale === 'ar' ? tt.langAr : tt.langEn) });
  const noteId = useId();
  const [options, setOptions] = useState<ReceiptOptions>(() => readReceiptOptions());
  const choose = (next: ReceiptOptions) => {
    if (!saveReceiptOptions(next)) showNotification({ color: 'yellow', title: label(tt.receiptNotKept), message: '', autoClose: 5000 });
    // what is shown is what the next print reads (the default again when the device could not keep it)
    setOptions(readReceiptOptions());
  };
  const summary = `${label(tt.receiptOptions)}: ${label(tt[PAPER_TEXT[options.paper]])}${label({ en: ', ', ar: '، ' })}${name(options.lang)}`;
  return (
    <Button.Group>
      <Button size="compact-sm" variant="light" leftSection={<IconPrinter size={14} />} disabled={disabled} onClick={onPrint}>{label(tt.receipt)}</Button>
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Tooltip label={summary}>
          <Menu.Target>
            <Button size="compact-sm" variant="light" px={6} aria-label={summary}><IconChevronDown size={14} /></Button>
          </Menu.Target>
        </Tooltip>
        <Menu.Dropdown maw={280}>
          <div role="group" aria-label={label(tt.paper)}>
            <Menu.Label>{label(tt.paper)}</Menu.Label>
            <Menu.RadioGroup value={options.paper} onChange={(v) => choose({ ...options, paper: v as Paper })}>
              {(Object.keys(PAPER_TEXT) as Paper[]).map((p) => <Menu.RadioItem key={p} value={p}>{label(tt[PAPER_TEXT[p]])}</Menu.RadioItem>)}
            </Menu.RadioGroup>
          </div>
          <Menu.Divider role="separator" />
          <div role="group" aria-label={label(tt.receiptLang)} aria-describedby={noteId}>
            <Menu.Label>{label(tt.receiptLang)}</Menu.Label>
            <Menu.RadioGroup value={options.lang} onChange={(v) => choose({ ...options, lang: v as ReceiptLang })}>
              {(Object.keys(LANG_TEXT) as ReceiptLang[]).map((l) => <Menu.RadioItem key={l} value={l}>{name(l)}</Menu.RadioItem>)}
            </Menu.RadioGroup>
            <Text id={noteId} size="xs" c="dimmed" px="sm" py={4}>{label(tt.receiptLangNote)}</Text>
          </div>
        </Menu.Dropdown>
      </Menu>
    </Button.Group>
  );
}
