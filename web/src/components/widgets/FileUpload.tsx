import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { IconFileText, IconPlus, IconTrash } from '../icons';
import { checkFiles, DEFAULT_UPLOAD_LIMIT_MB } from './file-types';

export interface FileUploadProps {
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Megabytes per file (default 20). */
  limitMb?: number;
  maxCount?: number;
  multiple?: boolean;
}

/** PDF, PNG and JPG files, recognised by their content; too large, unreadable or surplus files are refused with a notification. */
export function FileUpload({ label, files, onChange, limitMb = DEFAULT_UPLOAD_LIMIT_MB, maxCount, multiple = true }: FileUploadProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const full = maxCount !== undefined && files.length >= maxCount;

  const add = async (picked: File[]) => {
    setBusy(true);
    const { accepted, problems } = await checkFiles(picked, { limitMb, maxCount, already: files.length });
    setBusy(false);
    for (const problem of problems) notify('error', t(problem.key, 'values' in problem ? problem.values : {}));
    if (accepted.length > 0) onChange([...files, ...accepted]);
  };

  return (
    <Input.Wrapper label={label} id={id} description={t('widgets.upload.hint', { limit: limitMb })}>
      <Stack gap="xs" mt={4}>
        <input
          ref={input}
          id={id}
          type="file"
          hidden
          multiple={multiple}
          accept="application/pdf,image/png,image/jpeg"
          data-testid="file-input"
          onChange={(event) => {
            const picked = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            void add(picked);
          }}
        />
        {files.map((file, index) => (
          <Group key={`${file.name}-${index}`} gap="xs" wrap="nowrap">
            <IconFileText size={16} aria-hidden="true" />
            <Text size="sm" truncate style={{ flex: 1 }}>
              {file.name}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('widgets.upload.remove', { name: file.name })}
              onClick={() => onChange(files.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => input.current?.click()} disabled={full} loading={busy}>
            {t('widgets.upload.choose')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
