import { USER_STATUSES, type UserStatus } from '@onsite/domain';
import { Badge, Button, Group, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { createColumnHelper, getCoreRowModel, useReactTable, type CellContext } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnVisibility } from '../../../components/useColumnVisibility';
import { IconPlus, IconSearch } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { ListScreen } from '../../../components/ListScreen';
import { useListParams } from '../../../components/useListParams';
import { ToneBadge } from '../../../components/ToneBadge';
import { mayChange } from '../../../lib/session/access';
import { COUNTRY_OPTIONS_KEY } from '../../../lib/i18n/country-options';
import { useProfile, type Profile } from '../../../lib/session/session';
import { useFormat } from '../../../lib/i18n/use-format';
import type { Tone } from '../../../theme';
import { useUserList, type UserProfile } from '../api/users';
import { ArchiveUserDialog, DeleteUserDialog, ReinviteUserDialog } from '../components/UserActionDialogs';
import { UserDialog } from '../components/UserDialog';
import { UserRowActions, type UserDialogKind } from '../components/UserRowActions';

type Cell = CellContext<UserProfile, unknown>;
const STATUS_TONE: Record<UserStatus, Tone> = { ACTIVE: 'done', INVITED: 'request', CREATED: 'draft', INCOMPLETE: 'draft', DELETED: 'muted' };

function NameCell({ row }: Cell) {
  return (
    <>
      <Text size="sm" fw={600}>
        {row.original.firstName} {row.original.lastName}
      </Text>
      <Text size="xs" c="dimmed">
        {row.original.email}
      </Text>
    </>
  );
}
function RoleCell({ row }: Cell) {
  const { t } = useTranslation();
  return <Text size="sm">{t(`users.roles.${row.original.role}`)}</Text>;
}
function StatusCell({ row }: Cell) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={STATUS_TONE[row.original.status]} data-user-status={row.original.status}>
      {t(`users.status.${row.original.status}`)}
    </ToneBadge>
  );
}
function CompanyCell({ row }: Cell) {
  return <Text size="sm">{row.original.company.name}</Text>;
}
function CountryCell({ row }: Cell) {
  const { t } = useTranslation();
  return <Text size="sm">{t(`countries.${row.original.country}`, { defaultValue: row.original.country })}</Text>;
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
function RegisteredCell({ row }: Cell) {
  const format = useFormat();
  return <Text size="sm">{format.date(row.original.registeredAt)}</Text>;
}

const column = createColumnHelper<UserProfile>();

function useUserColumns(viewer: Profile, onOpen: (kind: UserDialogKind, user: UserProfile) => void) {
  const { t } = useTranslation();
  const staff = viewer.type === 'BL' && !viewer.blUser;
  const writable = mayChange(viewer);
  return useMemo(
    () => [
      column.accessor('lastName', {
        id: 'name',
        header: t('users.columns.name'),
        cell: NameCell,
        enableSorting: false,
        meta: { priority: 'essential', card: 'title', width: 220 },
      }),
      column.accessor('role', { id: 'role', header: t('users.fields.role'), cell: RoleCell, enableSorting: false, meta: { nowrap: true, width: 130 } }),
      column.accessor('status', {
        id: 'status',
        header: t('fields.status'),
        cell: StatusCell,
        enableSorting: false,
        meta: { priority: 'essential', card: 'badge', width: 110 },
      }),
      ...(staff
        ? [
            column.accessor((u) => u.company.name, {
              id: 'company',
              header: t('users.fields.company'),
              cell: CompanyCell,
              enableSorting: false,
              meta: { width: 200 },
            }),
          ]
        : []),
      column.accessor('country', { id: 'country', header: t('fields.country'), cell: CountryCell, enableSorting: false, meta: { nowrap: true, width: 120 } }),
      column.accessor('tags', { id: 'tags', header: t('users.fields.tags'), cell: TagsCell, enableSorting: false, meta: { width: 140 } }),
      column.accessor('registeredAt', {
        id: 'registeredAt',
        header: t('users.columns.registered'),
        cell: RegisteredCell,
        enableSorting: false,
        meta: { nowrap: true, width: 120 },
      }),
      // A read-only role (the auditor) reads the list and is offered nothing to do with a user.
      ...(writable
        ? [
            column.display({
              id: 'actions',
              header: () => <span className="sr-only">{t('users.columns.actions')}</span>,
              enableHiding: false,
              meta: { card: 'actions', label: t('users.columns.actions'), width: 60 },
              cell: ({ row }) => <UserRowActions user={row.original} viewer={viewer} onOpen={onOpen} />,
            }),
          ]
        : []),
    ],
    [t, staff, writable, viewer, onOpen],
  );
}

export function Component() {
  const { t } = useTranslation();
  const viewer = useProfile();
  const { params, set, page, pageSize, tag, search, searchInput, setSearchInput, tagInput, setTagInput } = useListParams();
  const staff = viewer?.type === 'BL' && !viewer.blUser;
  const countries = (params.get('countries') ?? '').split(',').filter(Boolean);
  const status = (USER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as UserStatus) : undefined;
  const [dialog, setDialog] = useState<{ kind: UserDialogKind | 'invite'; user: UserProfile | null } | null>(null);

  const list = useUserList({
    page,
    pageSize,
    filter: { ...(countries.length ? { countries } : {}), ...(status ? { status } : {}), ...(tag ? { tag } : {}) },
    ...(search ? { search } : {}),
  });
  const open = useMemo(() => (kind: UserDialogKind, user: UserProfile) => setDialog({ kind, user }), []);
  const columns = useUserColumns(viewer ?? ({ type: 'EC' } as Profile), open);
  const { columnVisibility, onColumnVisibilityChange } = useColumnVisibility(staff ? 'users-staff' : 'users', columns);
  const table = useReactTable({
    data: (list.data?.items ?? []) as UserProfile[],
    columns,
    state: { columnVisibility },
    onColumnVisibilityChange,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    getRowId: (u) => u._id,
  });
  if (!viewer) return null;
  const filtered = Boolean(search || countries.length || status || tag);

  return (
    <Page
      title={t('users.title')}
      actions={
        mayChange(viewer) ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'invite', user: null })} data-testid="invite-user">
            {t('users.actions.invite')}
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
              placeholder={t('users.filters.searchPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={searchInput}
              onChange={(e) => setSearchInput(e.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
              data-testid="user-search"
            />
            {staff ? (
              <MultiSelect
                label={t('users.filters.countries')}
                placeholder={countries.length ? undefined : t('users.filters.allCountries')}
                data={COUNTRY_OPTIONS_KEY.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
                value={countries}
                onChange={(value) => set({ countries: value.join(',') || null })}
                searchable
                clearable
                w={{ base: '100%', sm: 260 }}
              />
            ) : null}
            <Select
              label={t('fields.status')}
              placeholder={t('users.filters.allStatuses')}
              data={USER_STATUSES.map((s) => ({ value: s, label: t(`users.status.${s}`) }))}
              value={status ?? null}
              onChange={(value) => set({ status: value })}
              clearable
              w={{ base: '100%', sm: 180 }}
            />
            <TextInput
              label={t('users.fields.tags')}
              placeholder={t('users.filters.tagPlaceholder')}
              value={tagInput}
              onChange={(e) => setTagInput(e.currentTarget.value)}
              w={{ base: '100%', sm: 180 }}
            />
          </Group>
        }
        list={list}
        failure={{ title: t('users.loadError.title'), description: t('users.loadError.text') }}
        table={{
          table,
          label: t('users.title'),
          skeletonRows: 6,
          columnChooser: true,
          cards: true,
          rowProps: (row) => ({ 'data-testid': 'user-row', 'data-email': row.original.email }),
        }}
        filtered={
          filtered && {
            title: t('users.emptyFiltered.title'),
            description: t('users.emptyFiltered.text'),
            onReset: () => {
              setSearchInput('');
              setTagInput('');
              set({ q: null, countries: null, status: null, tag: null });
            },
          }
        }
        empty={{ title: t('users.empty.title'), description: t('users.empty.text') }}
        paging={{
          page,
          pageSize,
          onPageChange: (p) => set({ page: p > 1 ? String(p) : null }),
          onPageSizeChange: (s) => set({ size: s === 10 ? null : String(s) }),
        }}
      />

      {dialog?.kind === 'invite' || dialog?.kind === 'edit' ? <UserDialog user={dialog.user} viewer={viewer} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'archive' && dialog.user ? <ArchiveUserDialog user={dialog.user} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' && dialog.user ? <DeleteUserDialog user={dialog.user} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'reinvite' && dialog.user ? <ReinviteUserDialog user={dialog.user} staff={staff} onClose={() => setDialog(null)} /> : null}
    </Page>
  );
}
