import { ActionIcon, Fieldset, Group, Stack, Text } from '@mantine/core';
import { type OrderFile } from '@onsite/domain';
import { MAX_ATTACHMENTS } from '@onsite/contracts';
import { useTranslation } from 'react-i18next';
import { IconFileText, IconTrash } from '../../../components/icons';
import { FileUpload } from '../../../components/widgets';

export interface AttachmentsProps {
  /** Files the saved order holds. */
  readonly kept: readonly OrderFile[];
  /** Files picked since the last save (uploaded when the order is saved). */
  readonly picked: readonly File[];
  readonly onPick: (files: File[]) => void;
  /** Takes a held file off the saved order (`order/fileRemove`); the path of the one being removed. */
  readonly onRemoveKept: (file: OrderFile) => void;
  readonly removing: string | null;
  /** Why held files cannot be removed now (e.g. unsaved changes would be lost); they can when null. */
  readonly removeBlocked?: string | null;
}

/**
 * Drawings, photos or site rules for the technicians: PDF, PNG or JPG, up to 20 MB each and MAX_ATTACHMENTS in all.
 * Files the saved order holds are listed first; removing one takes it off the order at once.
 */
export function Attachments({ kept, picked, onPick, onRemoveKept, removing, removeBlocked = null }: AttachmentsProps) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('ordering.attachments.title')} data-testid="attachments">
      <Stack gap="xs">
        <Text size="sm" c="gray.8">
          {t('ordering.attachments.hint')}
        </Text>
        {kept.length > 0 ? (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('ordering.attachments.kept')}>
            {kept.map((file) => (
              <Group key={file.path} component="li" gap="xs" wrap="nowrap" data-testid="kept-file">
                <IconFileText size={16} aria-hidden="true" />
                <Text size="sm" truncate style={{ flex: 1 }}>
                  {file.name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('widgets.upload.remove', { name: file.name })}
                  loading={removing === file.path}
                  disabled={removing !== null || removeBlocked !== null}
                  onClick={() => onRemoveKept(file)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : null}
        {kept.length > 0 && removeBlocked ? (
          <Text size="xs" c="gray.8">
            {removeBlocked}
          </Text>
        ) : null}
        <FileUpload label={t('ordering.attachments.add')} files={picked as File[]} onChange={onPick} maxCount={Math.max(0, MAX_ATTACHMENTS - kept.length)} />
        {picked.length > 0 ? (
          <Text size="xs" c="gray.8" data-testid="attachments-pending">
            {t('ordering.attachments.pending', { count: picked.length })}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
