import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DescribeMissingServiceSchema } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/api-client';
import type { Catalogue } from '../../../lib/catalogue';
import { SERVED_COUNTRIES } from '../../../lib/i18n/countries';
import { localized } from '../../../lib/i18n/localized';
import { notify } from '../../../lib/notify';
import { useDescribeMissingService } from '../api/missing-service';
import { DialogActions, FixedDialog } from '../../../components/FixedDialog';

/** 'Describe a missing service': what is needed, for which segment and country, and when to call back. */
export function MissingServiceDialog({
  catalogue,
  country,
  initialText,
  onClose,
}: {
  catalogue: Catalogue | undefined;
  country: string;
  initialText: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const send = useDescribeMissingService();
  const [description, setDescription] = useState(initialText);
  const [segmentId, setSegmentId] = useState<string | null>(null);
  const [where, setWhere] = useState(country);
  const [contactTime, setContactTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const failure = send.error instanceof ApiError && send.error.code !== 'validation_error' ? send.error : null;

  const submit = () => {
    const parsed = DescribeMissingServiceSchema.safeParse({
      description,
      segmentId: segmentId ?? undefined,
      country: where,
      contactTime: contactTime.trim() || undefined,
    });
    if (!parsed.success) {
      setError(t('validation.required'));
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        notify('success', t('portfolio.missing.sent'));
        onClose();
      },
    });
  };

  return (
    <FixedDialog opened onClose={onClose} title={t('portfolio.missing.title')} size="lg">
      <Stack gap="md">
        <Text size="sm">{t('portfolio.missing.intro')}</Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {t(`error.${failure.code}`, { defaultValue: t('notification.defaultError') })}
          </Alert>
        ) : null}
        <Textarea
          label={t('portfolio.missing.description')}
          required
          autosize
          minRows={4}
          maxLength={2000}
          value={description}
          onChange={(e) => {
            setDescription(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('portfolio.missing.segment')}
            clearable
            data={(catalogue?.segments ?? []).map((s) => ({ value: s.id, label: localized(s.name, i18n.language) }))}
            value={segmentId}
            onChange={setSegmentId}
          />
          <Select
            label={t('fields.country')}
            required
            allowDeselect={false}
            data={SERVED_COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
            value={where}
            onChange={(value) => value && setWhere(value)}
          />
        </Group>
        <TextInput
          label={t('portfolio.missing.contactTime')}
          description={t('portfolio.missing.contactTimeHint')}
          value={contactTime}
          onChange={(e) => setContactTime(e.currentTarget.value)}
          maxLength={200}
        />
        <DialogActions onCancel={onClose} busy={send.isPending}>
          <Button onClick={submit} loading={send.isPending} data-testid="send-missing-service">
            {t('portfolio.missing.send')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
