import { Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FrameForm } from '../../model';
import { DayHoursEditor } from './DayHoursEditor';

/** A frame's working hours: the same every day, or the first and last day apart from the days between. */
export function FrameHours({ frame, onChange, error }: { frame: FrameForm; onChange: (f: FrameForm) => void; error: (field: string) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Switch
        label={t('ordering.frames.perDay')}
        description={t('ordering.frames.perDayHint')}
        checked={frame.perDay}
        onChange={(event) => {
          const perDay = event.currentTarget.checked;
          const every = { from: frame.timeFrom, to: frame.timeTo, night: frame.nightShift };
          onChange({ ...frame, perDay, first: every, last: every });
        }}
      />
      {frame.perDay ? (
        <DayHoursEditor
          title={t('ordering.frames.firstDay')}
          hours={frame.first}
          onChange={(first) => onChange({ ...frame, first })}
          error={(part) => error(`first.${part}`)}
        />
      ) : null}
      <DayHoursEditor
        title={t(frame.perDay ? 'ordering.frames.otherDays' : 'ordering.frames.allDays')}
        hours={{ from: frame.timeFrom, to: frame.timeTo, night: frame.nightShift }}
        onChange={(every) => onChange({ ...frame, timeFrom: every.from, timeTo: every.to, nightShift: every.night })}
        error={(part) => error(part === 'from' ? 'timeFrom' : 'timeTo')}
      />
      {frame.perDay ? (
        <DayHoursEditor
          title={t('ordering.frames.lastDay')}
          hours={frame.last}
          onChange={(last) => onChange({ ...frame, last })}
          error={(part) => error(`last.${part}`)}
        />
      ) : null}
    </>
  );
}
