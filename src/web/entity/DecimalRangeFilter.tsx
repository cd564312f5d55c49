import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { type BoundProblem, type RangeOp, boundsReversed, decimalBoundProblem, rangeBoundLabel, reversedMessage } from '../../core/entity/decimal-bound';
import type { DecimalField } from '../../core/entity/field';
import { latinDigits } from '../../core/import/cells';
import { useLocale } from '../i18n/useLocale';

/**
 * A decimal filter's from/to pair (keys `<field>.gte` / `<field>.lte`, sent as filter[field][gte|lte], e.g. a
 * customer's balance): two amount inputs typed in Latin or Arabic-Indic digits (٠-٩, the Arabic decimal separator,
 * thousands separators dropped), checked as the server checks them (core/entity/decimal-bound.ts: a number, the
 * field's decimals and size, from <= to), an error shown on the input and nothing sent while one is wrong. A valid
 * pair goes to the URL half a second after the last key (Enter or leaving the input at once), its changed bounds in
 * one navigation; an emptied input drops its bound. The URL's values come back into the inputs when they change
 * elsewhere (Clear filters, Back), dropping what was typed and not yet sent.
 */
const ops: RangeOp[] = ['gte', 'lte'];
/** What is typed, as the URL carries it: Latin digits, no spaces or thousands separators. */
const clean = (v: string) => latinDigits(v).replace(/[\s,]/g, '');

export function DecimalRangeFilter({ name, field, values, onChange, width }: {
  name: string;
  field: DecimalField;
  values: Record<string, string>;
  /** The bounds that changed, `<name>.gte` / `<name>.lte` to a value or null, sent together. */
  onChange: (changes: Record<string, string | null>) => void;
  width: { flex: string; maw: number };
}) {
  const { label } = useLocale();
  const urlValue = (op: RangeOp) => values[`${name}.${op}`] ?? '';
  const [text, setText] = useState<Record<RangeOp, string>>(() => ({ gte: urlValue('gte'), lte: urlValue('lte') }));
  // what this filter last sent: a URL value that differs came from elsewhere and replaces what is typed
  const sent = useRef<Record<RangeOp, string>>({ gte: urlValue('gte'), lte: urlValue('lte') });

  const problems = (t: Record<RangeOp, string>): Partial<Record<RangeOp, BoundProblem>> => {
    const out: Partial<Record<RangeOp, BoundProblem>> = {};
    for (const op of ops) {
      const v = clean(t[op]);
      const p = v === '' ? null : decimalBoundProblem(v, field);
      if (p) out[op] = p;
    }
    const [from, to] = [clean(t.gte), clean(t.lte)];
    if (!out.gte && !out.lte && from !== '' && to !== '' && boundsReversed(from, to)) out.gte = { message: reversedMessage(field.label), vars: {} };
    return out;
  };
  const wrong = problems(text);

  const commit = (t: Record<RangeOp, string>) => {
    if (Object.keys(problems(t)).length) return;
    const changes: Record<string, string | null> = {};
    for (const op of ops) {
      const v = clean(t[op]);
      if (v === sent.current[op]) continue;
      sent.current = { ...sent.current, [op]: v };
      changes[`${name}.${op}`] = v || null;
    }
    if (Object.keys(changes).length) onChange(changes);
  };
  const push = useDebouncedCallback(commit, 500);
  useEffect(() => {
    const url = { gte: urlValue('gte'), lte: urlValue('lte') };
    if (ops.every((op) => url[op] === sent.current[op])) return;
    // changed elsewhere: both inputs show the URL's bounds, and what was typed but not yet sent is dropped (it must
    // not put back a bound just cleared)
    push.cancel();
    sent.current = url;
    setText(url);
  }, [values[`${name}.gte`], values[`${name}.lte`]]); // eslint-disable-line react-hooks/exhaustive-deps

  return ops.map((op) => {
    const boundLabel = rangeBoundLabel(field.label, op);
    const p = wrong[op];
    return (
      <TextInput
        key={`${name}.${op}`}
        {...width}
        size="sm"
        label={label(boundLabel)}
        value={text[op]}
        onChange={(e) => {
          const next = { ...text, [op]: e.currentTarget.value };
          setText(next);
          push(next);
        }}
        onKeyDown={(e) => { if (e.key === 'Enter') push.flush(); }}
        onBlur={() => push.flush()}
        error={p ? label(p.message, { ...p.vars, field: label(boundLabel) }) : undefined}
        dir="ltr"
        inputMode="decimal"
        autoComplete="off"
        name={`${name}.${op}`}
      />
    );
  });
}
