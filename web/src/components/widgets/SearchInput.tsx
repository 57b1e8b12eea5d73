import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { IconSearch } from '../icons';

export const SEARCH_DEBOUNCE_MS = 650;

export interface SearchInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Emit 650 ms after typing stops instead of on every key. */
  debounced?: boolean;
  placeholder?: string;
  /** Show the label above the field (where the field is a form's input rather than a table's filter). */
  labelVisible?: boolean;
}

/** A labelled search field; optionally debounced. */
export function SearchInput({ label, value, onChange, debounced = false, placeholder, labelVisible = false }: SearchInputProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (!debounced || text === value) return;
    const timer = window.setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, debounced, value]);

  return (
    <TextInput
      type="search"
      {...(labelVisible ? { label } : { 'aria-label': label })}
      placeholder={placeholder ?? label}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (!debounced) onChange(next);
      }}
    />
  );
}
