import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import type { Feasibility } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconInfoCircle } from '../../../../components/icons';
import { useFormat } from '../../../../lib/i18n/use-format';
import { err, type SectionProps } from './section-props';

/** What applies to the dates picked so far, as the server will judge it (domain `feasibilityOf`). */
export function FeasibilityPanel({ form, update, errors, feasibility }: SectionProps & { feasibility: Feasibility }) {
  const { t } = useTranslation();
  const format = useFormat();
  const shortNotice = feasibility.rules.find((r) => r.rule === 'short_notice');
  const others = feasibility.rules.filter((r) => r.rule !== 'short_notice');
  return (
    <Stack gap="sm" data-testid="feasibility">
      <Text size="sm">
        {t('ordering.feasibility.earliest', { start: format.localDateTime(feasibility.earliestStandardStart), timeZone: form.location.timeZone || '—' })}
      </Text>
      {others.map((rule) => (
        <Alert key={rule.rule + ('frame' in rule ? rule.frame : '')} color="blue" variant="light" icon={<IconInfoCircle />} data-rule={rule.rule}>
          {rule.rule === 'max_window'
            ? t('ordering.feasibility.max_window', { days: rule.days, max: rule.maxDays, number: rule.frame + 1 })
            : t(`ordering.feasibility.${rule.rule}`, { frames: rule.frames.map((f) => f + 1).join(', ') })}
        </Alert>
      ))}
      {shortNotice ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle />} data-testid="short-notice">
          <Stack gap="sm">
            <Text size="sm" fw={700}>
              {t('orders.form.shortNotice.title')}
            </Text>
            <Text size="sm">{t('orders.form.shortNotice.text', { hours: shortNotice.hoursToStart })}</Text>
            <Checkbox
              label={t('orders.form.shortNotice.confirm')}
              checked={form.shortNoticeConfirmed}
              onChange={(e) => update({ shortNoticeConfirmed: e.currentTarget.checked })}
              error={err(errors, 'shortNoticeConfirmed')}
              required
            />
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
