import { Badge, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, type RefObject, useEffect, useState } from 'react';
import type { Row } from '../../../../web/api/useEntityQueries';
import { useFormat } from '../../../../web/i18n/useFormat';
import { useLocale } from '../../../../web/i18n/useLocale';
import { tt } from './texts';
import { type TillProduct, useProductMemory, useProductSearch } from './useTillData';

/**
 * Search as you type (the server's Arabic-aware search; from memory offline), category tiles and the matching
 * products as tiles. In the search field: Enter adds the highlighted match, or, for what a barcode scanner types
 * (digits then Enter), the product with exactly that barcode (or SKU); arrows move the highlight; Escape clears,
 * then leaves the field. `+` / `-` on an empty field change the selected cart line (onEmptyKey).
 */
export function ProductPanel({ inputRef, categories, categoryId, setCategoryId, onAdd, onNotFound, onEmptyKey }: {
  inputRef: RefObject<HTMLInputElement | null>;
  categories: Row[];
  categoryId: number | null;
  setCategoryId: (id: number | null) => void;
  onAdd: (p: TillProduct) => void;
  onNotFound: (message: string) => void;
  onEmptyKey: (key: '+' | '-') => void;
}) {
  const { label, locale } = useLocale();
  const fmt = useFormat();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 200);
  const memory = useProductMemory();
  const found = useProductSearch(memory, debounced, categoryId);
  const items = found.data ?? [];
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [debounced, categoryId]);
  const name = (p: TillProduct) => (locale === 'ar' && p.nameAr ? p.nameAr : p.name);
  const add = (p: TillProduct) => { onAdd(p); setTerm(''); };

  const onKey = async (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const q = term.trim();
      if (!q) return;
      // a scanner types the code faster than the search answers: look it up now
      if (/^[0-9٠-٩]{4,}$/.test(q)) {
        const p = await memory.byCode(q);
        if (p) add(p);
        else onNotFound(label(tt.barcodeUnknown, { q }));
        return;
      }
      // the shown matches are this text's only once its search answered (until then they are the last text's, kept
      // on screen): else the text typed is searched now, so a name typed fast and Enter never adds a stale match
      const shown = debounced.trim() === q && !found.isPlaceholderData;
      const list = shown ? items : await memory.search(q, categoryId);
      const p = list[shown ? active : 0];
      if (p) add(p);
      else onNotFound(label(tt.noMatch, { q }));
    } else if (e.key === 'ArrowDown' && !e.altKey) {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, Math.max(items.length - 1, 0)));
    } else if (e.key === 'ArrowUp' && !e.altKey) {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Escape') {
      if (term) { e.preventDefault(); setTerm(''); } else inputRef.current?.blur();
    } else if ((e.key === '+' || e.key === '-') && !term) {
      e.preventDefault();
      onEmptyKey(e.key);
    }
  };

  return (
    <Stack gap="sm" h="100%">
      <TextInput
        ref={inputRef}
        size="md"
        label={label(tt.search)}
        description={label(tt.searchHint)}
        leftSection={<IconSearch size={18} />}
        rightSection={<IconBarcode size={18} aria-hidden />}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        onKeyDown={(e) => void onKey(e)}
        autoComplete="off"
        data-autofocus
        aria-controls="till-products"
        aria-activedescendant={items[active] ? `till-product-${items[active].id}` : undefined}
      />
      <Group gap={6} role="group" aria-label={label(tt.categories)}>
        <Badge component="button" type="button" size="lg" variant={categoryId === null ? 'filled' : 'light'} onClick={() => setCategoryId(null)} style={{ cursor: 'pointer' }}>
          {label(tt.allCategories)}
        </Badge>
        {categories.map((c) => (
          <Badge key={c.id} component="button" type="button" size="lg" variant={categoryId === c.id ? 'filled' : 'light'} onClick={() => setCategoryId(c.id)} style={{ cursor: 'pointer', textTransform: 'none' }}>
            {String(locale === 'ar' && c.nameAr ? c.nameAr : c.name)}
          </Badge>
        ))}
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <SimpleGrid id="till-products" role="listbox" aria-label={label(tt.products)} cols={{ base: 2, md: 3, xl: 4 }} spacing="xs">
          {items.map((p, i) => (
            <UnstyledButton key={p.id} id={`till-product-${p.id}`} role="option" aria-selected={i === active} onClick={() => { add(p); inputRef.current?.focus(); }} tabIndex={-1}>
              <Paper withBorder p="sm" radius="md" style={{ borderColor: i === active ? 'var(--mantine-primary-color-filled)' : undefined, borderWidth: i === active ? 2 : 1 }}>
                <Text fw={600} size="sm" lineClamp={2}>{name(p)}</Text>
                <Group justify="space-between" gap={4}>
                  <Text size="xs" c="dimmed" dir="ltr">{p.barcode ?? p.sku ?? ''}</Text>
                  <Text size="sm" fw={700}>{fmt.number(p.salePrice ?? '0', 2)}</Text>
                </Group>
              </Paper>
            </UnstyledButton>
          ))}
        </SimpleGrid>
        {items.length === 0 && debounced.trim() !== '' && !found.isFetching && <Text c="dimmed" mt="sm">{label(tt.noMatch, { q: debounced.trim() })}</Text>}
      </ScrollArea>
    </Stack>
  );
}
