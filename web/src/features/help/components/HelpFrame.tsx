import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { SearchInput } from '../../../components/widgets';
import type { Language } from '../../../lib/i18n/languages';

export type HelpSection = 'faq' | 'manuals';

/** The search words, kept in the URL (`?q=`) so a search can be shared and survives switching sections. */
export function useHelpSearch(): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const search = (params.get('q') ?? '').trim();
  const setSearch = (value: string) => {
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value.trim());
    else next.delete('q');
    setParams(next, { replace: true });
  };
  return [search, setSearch];
}

/** The help area's frame: its title, the two sections as tabs, and one search over both. */
export function HelpFrame({ lang, section, children }: { lang: Language; section: HelpSection; children: ReactNode }) {
  const { t } = useTranslation();
  const [search, setSearch] = useHelpSearch();
  const query = search ? `?q=${encodeURIComponent(search)}` : '';
  const sections: { value: HelpSection; label: string }[] = [
    { value: 'faq', label: t('help.tabs.faq') },
    { value: 'manuals', label: t('help.tabs.manuals') },
  ];
  return (
    <Page title={t('help.title')} width="form">
      <Group component="nav" aria-label={t('help.sections')} gap="xs">
        {sections.map((s) => (
          <Button
            key={s.value}
            component={Link}
            to={`/${lang}/help/${s.value}${query}`}
            variant={s.value === section ? 'filled' : 'default'}
            aria-current={s.value === section ? 'page' : undefined}
            data-testid={`help-tab-${s.value}`}
          >
            {s.label}
          </Button>
        ))}
      </Group>
      <SearchInput label={t('help.search.label')} placeholder={t('help.search.placeholder')} value={search} onChange={setSearch} debounced />
      {children}
    </Page>
  );
}
