import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { ORDER_PAGE_SIZES } from '@onsite/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/i18n/use-format';

/** The page sizes every list of the api takes. */
export const PAGE_SIZES = ORDER_PAGE_SIZES;
export type PageSize = (typeof PAGE_SIZES)[number];

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

interface TablePaginationProps {
  page: number;
  pageSize: PageSize;
  total: number;
  /** There are more than `total` rows (the order list stops counting a broad search there, D67). */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
}

/** Below a table: which rows are shown, rows per page (10/25/100) and the pages. */
export function TablePagination({ page, pageSize, total, totalCapped = false, onPageChange, onPageSizeChange }: TablePaginationProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);

  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <Text component="label" htmlFor={sizeId} size="sm" c="dimmed">
          {t('table.rowsPerPage')}
        </Text>
        <NativeSelect
          id={sizeId}
          size="xs"
          w={80}
          value={String(pageSize)}
          data={PAGE_SIZES.map((size) => String(size))}
          onChange={(event) => {
            const size = Number(event.currentTarget.value);
            if (isPageSize(size)) onPageSizeChange(size);
          }}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t(totalCapped ? 'table.rangeCapped' : 'table.range', { from: format.number(from), to: format.number(to), total: format.number(total) })}
        </Text>
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPageChange}
        size="sm"
        withEdges
        getControlProps={(control) => ({ 'aria-label': t(`table.pagination.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('table.pagination.page', { page: item }) })}
      />
    </Group>
  );
}
