import { Anchor, Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { createColumnHelper, getCoreRowModel, useReactTable, type CellContext, type SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useColumnVisibility } from '../../../components/useColumnVisibility';
import { IconPlus, IconSearch } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { ListScreen } from '../../../components/ListScreen';
import { useListParams } from '../../../components/useListParams';
import { mayChange } from '../../../lib/session/access';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../lib/i18n/languages';
import { useLanguage } from '../../../lib/i18n/use-language';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { useFormat } from '../../../lib/i18n/use-format';
import { useCompanyList, type CompanyRow } from '../api/companies';
import { AddCompanyDialog } from '../components/AddCompanyDialog';

type Cell = CellContext<CompanyRow, unknown>;
const SORTABLE = ['createdAt', 'updatedAt', 'name', 'sapNumber', 'type'] as const;
type SortField = (typeof SORTABLE)[number];

function DateCell({ getValue }: Cell) {
  const format = useFormat();
  return <Text size="sm">{format.date(getValue() as string)}</Text>;
}
function UidCell({ row }: Cell) {
  const { lang } = useParams();
  return (
    <Anchor
      component={Link}
      to={paths.companyInformation(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, row.original.uid)}
      size="sm"
      fw={600}
      onClick={(e) => e.stopPropagation()}
    >
      {row.original.uid}
    </Anchor>
  );
}
const TextCell = ({ getValue }: Cell) => <Text size="sm">{(getValue() as string | null) || '–'}</Text>;
function TypeCell({ row }: Cell) {
  const { t } = useTranslation();
  return <Text size="sm">{t(`companies.types.${row.original.type}`)}</Text>;
}
function TagsCell({ row }: Cell) {
  return (
    <Group gap={4}>
      {row.original.tags.map((tag) => (
        <Badge key={tag} variant="outline" color="gray.8" size="sm" style={{ textTransform: 'none' }}>
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

const column = createColumnHelper<CompanyRow>();

/** The columns: created, updated, id, SAP number, type, name, contact person, tags. */
function useCompanyColumns() {
  const { t } = useTranslation();
  return useMemo(
    () => [
      column.accessor('createdAt', { id: 'createdAt', header: t('companies.columns.created'), cell: DateCell, meta: { nowrap: true, width: 110 } }),
      column.accessor('updatedAt', { id: 'updatedAt', header: t('companies.columns.updated'), cell: DateCell, meta: { nowrap: true, width: 110 } }),
      column.accessor('uid', {
        id: 'uid',
        header: t('companies.columns.id'),
        cell: UidCell,
        enableSorting: false,
        meta: { nowrap: true, priority: 'essential', card: 'title', width: 110 },
      }),
      column.accessor('sapNumber', { id: 'sapNumber', header: t('companies.fields.sapNumber'), cell: TextCell, meta: { nowrap: true, width: 120 } }),
      column.accessor('type', { id: 'type', header: t('companies.fields.type'), cell: TypeCell, meta: { width: 140 } }),
      column.accessor('name', { id: 'name', header: t('companies.fields.name'), cell: TextCell, meta: { priority: 'essential', card: 'title', width: 200 } }),
      column.accessor('contactPerson', {
        id: 'contactPerson',
        header: t('companies.columns.contactPerson'),
        cell: TextCell,
        enableSorting: false,
        meta: { width: 160 },
      }),
      column.accessor('tags', { id: 'tags', header: t('companies.fields.tags'), cell: TagsCell, enableSorting: false, meta: { width: 150 } }),
    ],
    [t],
  );
}

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const { params, set, page, pageSize, tag, search, searchInput, setSearchInput, tagInput, setTagInput } = useListParams();
  const type = (['OEM', 'EC', 'BL'] as const).find((x) => x === params.get('type'));
  const [sortField, sortDirection] = (params.get('sort') ?? '').split(':');
  const sort =
    (SORTABLE as readonly string[]).includes(sortField ?? '') && (sortDirection === 'asc' || sortDirection === 'desc')
      ? { field: sortField as SortField, direction: sortDirection as 'asc' | 'desc' }
      : undefined;
  const [adding, setAdding] = useState(false);
  // A read-only role (the auditor) reads the companies and adds none.
  const writable = mayChange(useProfile());

  const list = useCompanyList({
    page,
    pageSize,
    filter: { ...(type ? { type } : {}), ...(tag ? { tag } : {}) },
    ...(search ? { search } : {}),
    ...(sort ? { sort } : {}),
  });
  const columns = useCompanyColumns();
  const { columnVisibility, onColumnVisibilityChange } = useColumnVisibility('companies', columns);
  const sorting: SortingState = sort ? [{ id: sort.field, desc: sort.direction === 'desc' }] : [];
  const table = useReactTable({
    data: list.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    state: { sorting, columnVisibility },
    onColumnVisibilityChange,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      set({ sort: first ? `${first.id}:${first.desc ? 'desc' : 'asc'}` : null });
    },
    getRowId: (c) => c._id,
  });
  const filtered = Boolean(search || type || tag);

  return (
    <Page
      title={t('companies.title')}
      actions={
        writable ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="add-company">
            {t('companies.add.action')}
          </Button>
        ) : undefined
      }
    >
      <ListScreen
        filters={
          <Group gap="md" align="flex-end">
            <TextInput
              type="search"
              label={t('users.filters.search')}
              placeholder={t('companies.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={searchInput}
              onChange={(e) => setSearchInput(e.currentTarget.value)}
              w={{ base: '100%', sm: 280 }}
              data-testid="company-search"
            />
            <Select
              label={t('companies.fields.type')}
              placeholder={t('companies.allTypes')}
              data={['OEM', 'EC', 'BL'].map((value) => ({ value, label: t(`companies.types.${value}`) }))}
              value={type ?? null}
              onChange={(value) => set({ type: value })}
              clearable
              w={{ base: '100%', sm: 200 }}
            />
            <TextInput
              label={t('companies.fields.tags')}
              placeholder={t('users.filters.tagPlaceholder')}
              value={tagInput}
              onChange={(e) => setTagInput(e.currentTarget.value)}
              w={{ base: '100%', sm: 180 }}
            />
          </Group>
        }
        list={list}
        failure={{ title: t('companies.loadError.title'), description: t('companies.loadError.text') }}
        table={{
          table,
          label: t('companies.title'),
          skeletonRows: 6,
          columnChooser: true,
          cards: true,
          onRowClick: (row) => void navigate(paths.companyInformation(lang, row.original.uid)),
          rowProps: (row) => ({ 'data-testid': 'company-row', 'data-uid': row.original.uid }),
        }}
        filtered={
          filtered && {
            title: t('companies.emptyFiltered.title'),
            description: t('companies.emptyFiltered.text'),
            onReset: () => {
              setSearchInput('');
              setTagInput('');
              set({ q: null, type: null, tag: null });
            },
          }
        }
        empty={{ title: t('companies.empty.title'), description: t('companies.empty.text') }}
        paging={{
          page,
          pageSize,
          onPageChange: (p) => set({ page: p > 1 ? String(p) : null }),
          onPageSizeChange: (s) => set({ size: s === 10 ? null : String(s) }),
        }}
      />
      {adding ? <AddCompanyDialog onClose={() => setAdding(false)} onCreated={(uid) => void navigate(paths.companyInformation(lang, uid))} /> : null}
    </Page>
  );
}
