import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isPageSize } from './TablePagination';

/**
 * A searchable, tagged, paged list whose state lives in the URL (page, size, q, tag and whatever the screen adds):
 * the search and tag fields are typed into local state and reach the URL once typing stops; changing anything but
 * the page goes back to the first page.
 *
 * Each update is laid over the URL with every earlier update the router has not shown yet: react-router's own
 * functional update starts from the URL of the last render, so two updates before the next render (the search and
 * the tag settling together, or a render for one of them that runs before the router's) would lose the first.
 */
type Patch = Record<string, string | null>;
const shownIn = (params: URLSearchParams) => (patch: Patch) => Object.entries(patch).every(([key, value]) => params.get(key) === (value || null));

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

  const shown = useRef(params);
  const pending = useRef<Patch[]>([]);
  useEffect(() => {
    shown.current = params;
    pending.current = pending.current.filter((patch) => !shownIn(params)(patch));
  }, [params]);
  const set = (patch: Patch) => {
    const base = shown.current;
    pending.current = [...pending.current.filter((earlier) => !shownIn(base)(earlier)), 'page' in patch ? patch : { ...patch, page: null }];
    const next = new URLSearchParams(base);
    for (const update of pending.current)
      for (const [key, value] of Object.entries(update)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
    setParams(next, { replace: true });
  };
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
