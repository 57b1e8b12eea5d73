import { Checkbox, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '../api/webhooks';

/** The kinds of events an endpoint hears about, as checkboxes in the catalogue's order. */
export function KindsInput({
  value,
  onChange,
  error,
}: {
  value: readonly WebhookEventKind[];
  onChange: (kinds: WebhookEventKind[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('webhooks.fields.kinds')}
      description={t('webhooks.dialog.kindsHint')}
      value={[...value]}
      onChange={(kinds) => onChange(WEBHOOK_EVENT_KINDS.filter((k) => kinds.includes(k)))}
      error={error}
      required
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
        {WEBHOOK_EVENT_KINDS.map((kind) => (
          <Checkbox key={kind} value={kind} label={t(`webhooks.kinds.${kind.replace('.', '_')}`)} data-testid={`kind-${kind}`} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
