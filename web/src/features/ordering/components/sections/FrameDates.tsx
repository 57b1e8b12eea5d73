import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../components/widgets';
import type { FrameForm } from '../../model';

/** A frame's first and last day (the last moves along when the first passes it). */
export function FrameDates({ frame, onChange, error }: { frame: FrameForm; onChange: (f: FrameForm) => void; error: (field: string) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <DatePicker
        label={t('fields.dateFrom')}
        required
        value={frame.dateFrom || null}
        onChange={(dateFrom) =>
          onChange({ ...frame, dateFrom: dateFrom ?? '', dateTo: dateFrom && (!frame.dateTo || frame.dateTo < dateFrom) ? dateFrom : frame.dateTo })
        }
        error={error('dateFrom')}
      />
      <DatePicker
        label={t('fields.dateTo')}
        required
        minDate={frame.dateFrom || undefined}
        value={frame.dateTo || null}
        onChange={(dateTo) => onChange({ ...frame, dateTo: dateTo ?? '' })}
        error={error('dateTo')}
      />
    </SimpleGrid>
  );
}
