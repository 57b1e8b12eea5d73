import { Button, Group, Menu, Paper, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { COUNTRY_CODES, type Language } from '@onsite/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconChevronDown } from '../../../components/icons';
import { ToneBadge } from '../../../components/ToneBadge';
import type { Tone } from '../../../theme';
import { useFormat } from '../../../lib/i18n/use-format';
import type { ManagedSegment, ManagedService } from '../api/catalogue';
import { localizedName } from './texts';

export type ServiceAction = 'edit' | 'publish' | 'retire' | 'history';
export type SegmentAction = 'edit' | 'retire' | 'history';

const STATUS_TONES: Record<ManagedService['status'], Tone> = { draft: 'request', published: 'done', retired: 'muted' };

function ActionsMenu<A extends string>({
  label,
  items,
  onAction,
}: {
  label: string;
  items: readonly { action: A; text: string; danger?: boolean }[];
  onAction: (action: A) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="subtle" rightSection={<IconChevronDown size={14} />} aria-label={label}>
          {t('catalogueAdmin.actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.action} color={item.danger ? 'red' : undefined} onClick={() => onAction(item.action)}>
            {item.text}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Label and value on a phone card. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">{`${label}: `}</Text>
      {children}
    </Text>
  );
}

/** The services as a table on wide screens and as cards on phones, with their status, prices and actions. */
export function ServiceList({
  services,
  segments,
  manage,
  onAction,
}: {
  services: readonly ManagedService[];
  segments: readonly ManagedSegment[];
  manage: boolean;
  onAction: (action: ServiceAction, service: ManagedService) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const lang = (i18n.resolvedLanguage ?? 'en') as Language;
  const phone = useMediaQuery('(max-width: 48em)');
  const segmentNames = (s: ManagedService) =>
    s.segmentIds
      .map((id) => {
        const segment = segments.find((x) => x.id === id);
        return segment ? localizedName(segment.name, lang) : id;
      })
      .join(', ');
  const countries = (s: ManagedService) =>
    s.countries.length === COUNTRY_CODES.length ? t('catalogueAdmin.allCountries') : s.countries.map((c) => t(`countries.${c}`)).join(', ');
  const prices = (s: ManagedService) =>
    Object.entries(s.prices)
      .map(([currency, minor]) => format.money(minor, currency))
      .join(' · ') || '–';
  const badge = (s: ManagedService) => (
    <ToneBadge tone={STATUS_TONES[s.status]} data-testid={`service-status-${s.id}`}>
      {t(`catalogueAdmin.statuses.${s.status}`)}
    </ToneBadge>
  );
  const actions = (s: ManagedService) => {
    const items: { action: ServiceAction; text: string; danger?: boolean }[] = manage
      ? [
          { action: 'edit', text: t('catalogueAdmin.edit') },
          ...(s.status !== 'published' ? [{ action: 'publish' as const, text: t('catalogueAdmin.publish') }] : []),
          ...(s.status === 'published' ? [{ action: 'retire' as const, text: t('catalogueAdmin.retire'), danger: true }] : []),
          { action: 'history', text: t('catalogueAdmin.history.open') },
        ]
      : [{ action: 'history', text: t('catalogueAdmin.history.open') }];
    return <ActionsMenu label={t('catalogueAdmin.actionsFor', { id: s.id })} items={items} onAction={(action) => onAction(action, s)} />;
  };

  if (phone)
    return (
      <Stack gap="sm" data-testid="service-cards">
        {services.map((s) => (
          <Paper key={s.id} withBorder p="sm" radius="md" data-testid={`service-${s.id}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0}>
                  <Text fw={700}>{localizedName(s.name, lang)}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {s.id}
                  </Text>
                </Stack>
                {badge(s)}
              </Group>
              <Line label={t('catalogueAdmin.fields.segments')}>{segmentNames(s)}</Line>
              <Line label={t('catalogueAdmin.fields.countries')}>{countries(s)}</Line>
              <Line label={t('catalogueAdmin.fields.prices')}>{prices(s)}</Line>
              <Group justify="flex-end">{actions(s)}</Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={900} data-testid="service-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalogueAdmin.fields.name')}</Table.Th>
            <Table.Th>{t('catalogueAdmin.fields.segments')}</Table.Th>
            <Table.Th>{t('catalogueAdmin.fields.countries')}</Table.Th>
            <Table.Th>{t('catalogueAdmin.fields.prices')}</Table.Th>
            <Table.Th>{t('catalogueAdmin.fields.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('catalogueAdmin.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((s) => (
            <Table.Tr key={s.id} data-testid={`service-${s.id}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {localizedName(s.name, lang)}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {s.id}
                </Text>
              </Table.Td>
              <Table.Td>{segmentNames(s)}</Table.Td>
              <Table.Td>{countries(s)}</Table.Td>
              <Table.Td>{prices(s)}</Table.Td>
              <Table.Td>{badge(s)}</Table.Td>
              <Table.Td>{actions(s)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The segments with their sub-segments: a table on wide screens, cards on phones. */
export function SegmentList({
  segments,
  manage,
  onAction,
}: {
  segments: readonly ManagedSegment[];
  manage: boolean;
  onAction: (action: SegmentAction, segment: ManagedSegment) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? 'en') as Language;
  const phone = useMediaQuery('(max-width: 48em)');
  const subs = (s: ManagedSegment) => s.subSegments.map((sub) => localizedName(sub.name, lang)).join(', ') || '–';
  const badge = (s: ManagedSegment) => (
    <ToneBadge tone={s.retired ? 'muted' : 'done'}>{t(s.retired ? 'catalogueAdmin.statuses.retired' : 'catalogueAdmin.statuses.active')}</ToneBadge>
  );
  const actions = (s: ManagedSegment) => {
    const items: { action: SegmentAction; text: string; danger?: boolean }[] =
      manage && !s.retired
        ? [
            { action: 'edit', text: t('catalogueAdmin.edit') },
            { action: 'history', text: t('catalogueAdmin.history.open') },
            { action: 'retire', text: t('catalogueAdmin.retire'), danger: true },
          ]
        : [{ action: 'history', text: t('catalogueAdmin.history.open') }];
    return <ActionsMenu label={t('catalogueAdmin.actionsFor', { id: s.id })} items={items} onAction={(action) => onAction(action, s)} />;
  };

  if (phone)
    return (
      <Stack gap="sm" data-testid="segment-cards">
        {segments.map((s) => (
          <Paper key={s.id} withBorder p="sm" radius="md" data-testid={`segment-${s.id}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{localizedName(s.name, lang)}</Text>
                {badge(s)}
              </Group>
              <Line label={t('catalogueAdmin.fields.subSegments')}>{subs(s)}</Line>
              <Group justify="flex-end">{actions(s)}</Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={700} data-testid="segment-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalogueAdmin.fields.name')}</Table.Th>
            <Table.Th>{t('catalogueAdmin.fields.subSegments')}</Table.Th>
            <Table.Th>{t('catalogueAdmin.fields.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('catalogueAdmin.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {segments.map((s) => (
            <Table.Tr key={s.id} data-testid={`segment-${s.id}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {localizedName(s.name, lang)}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {s.id}
                </Text>
              </Table.Td>
              <Table.Td>{subs(s)}</Table.Td>
              <Table.Td>{badge(s)}</Table.Td>
              <Table.Td>{actions(s)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
