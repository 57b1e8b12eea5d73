import { Button, Group, Paper, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../../components/ToneBadge';
import type { Tone } from '../../../theme';
import { useFormat } from '../../../lib/i18n/use-format';
import type { ApiTokenView } from '../api/api-tokens';

type TokenState = 'active' | 'expired' | 'revoked';
const STATE_TONES: Record<TokenState, Tone> = { active: 'done', expired: 'negative', revoked: 'muted' };

const stateOf = (token: ApiTokenView, now: number): TokenState => (token.revokedAt ? 'revoked' : Date.parse(token.expiresAt) <= now ? 'expired' : 'active');

/** A company's API tokens: a table on wide screens, cards on phones; live ones can be revoked. */
export function ApiTokenList({ tokens, manage, onRevoke }: { tokens: readonly ApiTokenView[]; manage: boolean; onRevoke: (token: ApiTokenView) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const phone = useMediaQuery('(max-width: 48em)');
  const now = Date.now();
  const scope = (token: ApiTokenView) => t(`apiTokens.scopes.${token.scope === 'orders:read' ? 'readShort' : 'writeShort'}`);
  const createdBy = (token: ApiTokenView) =>
    token.createdOnBehalfOf
      ? t('apiTokens.createdOnBehalf', { name: token.createdBy.name ?? '', customer: token.createdOnBehalfOf.name ?? '' })
      : (token.createdBy.name ?? '');
  const lastUsed = (token: ApiTokenView) => (token.lastUsedAt ? format.dateTime(token.lastUsedAt) : t('apiTokens.neverUsed'));
  const badge = (token: ApiTokenView) => {
    const state = stateOf(token, now);
    return (
      <ToneBadge tone={STATE_TONES[state]} data-testid={`api-token-state-${token.id}`}>
        {state === 'revoked' && token.revokedAt ? t('apiTokens.states.revokedAt', { date: format.dateTime(token.revokedAt) }) : t(`apiTokens.states.${state}`)}
      </ToneBadge>
    );
  };
  const action = (token: ApiTokenView) =>
    manage && !token.revokedAt ? (
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        c="red.9"
        onClick={() => onRevoke(token)}
        aria-label={t('apiTokens.revokeFor', { name: token.name })}
      >
        {t('apiTokens.revoke')}
      </Button>
    ) : null;

  if (phone)
    return (
      <Stack gap="sm" data-testid="api-token-cards">
        {tokens.map((token) => (
          <Paper key={token.id} withBorder p="sm" radius="md" data-testid={`api-token-${token.name}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{token.name}</Text>
                {badge(token)}
              </Group>
              {(
                [
                  ['scope', scope(token)],
                  ['actsAs', token.actsAs.name ?? ''],
                  ['createdBy', createdBy(token)],
                  ['expires', format.dateTime(token.expiresAt)],
                  ['lastUsed', lastUsed(token)],
                ] as const
              ).map(([field, text]) => (
                <Text size="sm" key={field}>
                  <Text span c="dimmed">{`${t(`apiTokens.fields.${field}`)}: `}</Text>
                  {text}
                </Text>
              ))}
              <Group justify="flex-end">{action(token)}</Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={820} data-testid="api-token-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiTokens.fields.name')}</Table.Th>
            <Table.Th>{t('apiTokens.fields.scope')}</Table.Th>
            <Table.Th>{t('apiTokens.fields.actsAs')}</Table.Th>
            <Table.Th>{t('apiTokens.fields.createdBy')}</Table.Th>
            <Table.Th>{t('apiTokens.fields.expires')}</Table.Th>
            <Table.Th>{t('apiTokens.fields.lastUsed')}</Table.Th>
            <Table.Th>{t('apiTokens.fields.state')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('apiTokens.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} data-testid={`api-token-${token.name}`}>
              <Table.Td fw={600}>{token.name}</Table.Td>
              <Table.Td>{scope(token)}</Table.Td>
              <Table.Td>{token.actsAs.name ?? ''}</Table.Td>
              <Table.Td>{createdBy(token)}</Table.Td>
              <Table.Td className="onsite-nowrap">{format.dateTime(token.expiresAt)}</Table.Td>
              <Table.Td className="onsite-nowrap">{lastUsed(token)}</Table.Td>
              <Table.Td>{badge(token)}</Table.Td>
              <Table.Td>{action(token)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
