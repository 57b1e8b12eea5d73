import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isPageSize } from './TablePagination';

/**
 * A searchable, tagged, paged list whose state lives in the URL (page, size, q, tag and whatever the screen adds):
 * the search and tag fields are typed into local state and reach the URL once typing stops; changing anything but
 * the page goes back to the first page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('size'));
  const pageSize = isPageSize(size) ? size : 10;
  const tag = params.get('tag') ?? '';
  const [searchInput, setSearchInput] = useState(params.get('q') ?? '');
  const [search] = useDebouncedValue(searchInput.trim(), 650);
  const [tagInput, setTagInput] = useState(tag);
  const [debouncedTag] = useDebouncedValue(tagInput.trim(), 500);

  const set = (patch: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) value ? next.set(key, value) : next.delete(key);
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if ((params.get('q') ?? '') !== search) set({ q: search || null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  useEffect(() => {
    if (tag !== debouncedTag) set({ tag: debouncedTag || null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedTag]);

  return { params, set, page, pageSize, tag, search, searchInput, setSearchInput, tagInput, setTagInput };
}
