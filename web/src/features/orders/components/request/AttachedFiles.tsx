import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconFileText } from '../../../../components/icons';
import type { Order } from '../../api/get-order';
import { openFile } from '../open-file';

/** The files attached while ordering, each opened (downloaded) through a signed link. */
export function AttachedFiles({ files }: { files: Order['additionalInformation']['files'] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Stack gap={4} data-testid="order-attachments">
      <Text size="sm" fw={600} id="order-attachments-title">
        {t('ordering.attachments.title')}
      </Text>
      <Stack gap={2} component="ul" aria-labelledby="order-attachments-title" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {files.map((file) => (
          <Group key={file.path} component="li" gap={6} wrap="nowrap">
            <IconFileText size={16} aria-hidden="true" />
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={() => void openFile(file.path, t('orders.order.fileFailed'))}
              aria-label={t('orders.detail.openFile', { name: file.name })}
              data-testid="order-attachment"
            >
              {file.name}
            </Anchor>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
