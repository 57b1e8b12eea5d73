import { TagsInput as MantineTagsInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const TAG_SEARCH_DEBOUNCE_MS = 500;

export interface TagsInputProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** Suggestions for what is typed (e.g. `/company/findTag`); called 500 ms after typing stops, once per query. */
  search: (query: string) => Promise<string[]>;
}

/** Tags with suggestions: the search is debounced and its answers are cached per query. */
export function TagsInput({ label, value, onChange, search }: TagsInputProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const cache = useRef(new Map<string, Promise<string[]>>());

  useEffect(() => {
    const text = query.trim();
    if (text === '') {
      setSuggestions([]);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      let answer = cache.current.get(text);
      if (!answer) {
        answer = search(text).catch(() => {
          cache.current.delete(text);
          return [];
        });
        cache.current.set(text, answer);
      }
      void answer.then((found) => current && setSuggestions(found));
    }, TAG_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query, search]);

  return (
    <MantineTagsInput
      label={label}
      value={value}
      onChange={onChange}
      searchValue={query}
      onSearchChange={setQuery}
      data={suggestions.filter((tag) => !value.includes(tag))}
      placeholder={t('widgets.tags.placeholder')}
      clearable
      clearButtonProps={{ 'aria-label': t('widgets.tags.clear') }}
    />
  );
}
