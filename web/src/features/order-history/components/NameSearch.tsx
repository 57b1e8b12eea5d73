import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { IconSearch } from '../../../components/icons';

/** Search input debounce. */
const SEARCH_DEBOUNCE_MS = 650;

/** A search box whose value reaches the URL after the debounce, and follows the URL back (reset, history). */
export function NameSearch({
  label,
  placeholder,
  value,
  onChange,
  testId,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const [input, setInput] = useState(value);
  const [debounced] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // Only a new debounced value starts a search; URL changes flow the other way below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => setInput(value), [value]);
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={input}
      onChange={(event) => setInput(event.currentTarget.value)}
      w={{ base: '100%', sm: 260 }}
      data-testid={testId}
    />
  );
}
