import { Box, Text } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowLeft, IconCheck } from '../icons';
import { SLIDER_COMPLETE_RATIO, SLIDER_SNAP_BACK_MS, type AntiRobotValue } from './anti-robot';

export interface AntiRobotCheckProps {
  onChange: (value: AntiRobotValue) => void;
  width?: number;
  height?: number;
}

/**
 * The anti-robot check: a honeypot checkbox people never see, and an unlock slider that completes when dragged
 * past 80% of its width (or by the keyboard) and snaps back over 200 ms when released early.
 */
export function AntiRobotCheck({ onChange, width = 300, height = 40 }: AntiRobotCheckProps) {
  const { t } = useTranslation();
  const openedAt = useRef(Date.now());
  const [honeypot, setHoneypot] = useState(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [done, setDone] = useState(false);
  const start = useRef<number | null>(null);
  const knob = height;
  const travel = width - knob;

  useEffect(() => {
    onChange({ checked: honeypot, startedAt: done ? openedAt.current : 0 });
  }, [honeypot, done, onChange]);

  const finish = () => {
    setOffset(travel);
    setDone(true);
  };
  const release = () => {
    setDragging(false);
    start.current = null;
    if (offset >= travel * SLIDER_COMPLETE_RATIO) finish();
    else setOffset(0);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (done) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start.current = event.clientX - offset;
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    setOffset(Math.max(0, Math.min(travel, event.clientX - start.current)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (done) return;
    if (event.key === 'ArrowRight' || event.key === 'End' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      finish();
    }
  };

  return (
    <Box>
      <input
        type="checkbox"
        name="website_confirm"
        tabIndex={-1}
        aria-hidden="true"
        autoComplete="off"
        checked={honeypot}
        onChange={(event) => setHoneypot(event.currentTarget.checked)}
        className="sr-only"
        data-testid="honeypot"
      />
      <Box
        pos="relative"
        w={width}
        maw="100%"
        h={height}
        bg={done ? 'teal.0' : 'gray.1'}
        style={{ borderRadius: height / 2, border: '1px solid var(--mantine-color-gray-4)', userSelect: 'none', touchAction: 'none' }}
      >
        <Text size="sm" c={done ? 'teal.9' : 'gray.8'} ta="center" lh={`${height - 2}px`} aria-live="polite">
          {done ? t('widgets.antiRobot.done') : t('widgets.antiRobot.slide')}
        </Text>
        <Box
          role="slider"
          tabIndex={0}
          aria-label={t('widgets.antiRobot.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round((offset / travel) * 100)}
          aria-valuetext={done ? t('widgets.antiRobot.done') : t('widgets.antiRobot.slide')}
          data-testid="unlock-slider"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={release}
          onPointerCancel={release}
          onKeyDown={onKeyDown}
          pos="absolute"
          top={-1}
          left={-1}
          w={knob}
          h={knob}
          bg={done ? 'teal.7' : 'accent.6'}
          c="white"
          style={{
            borderRadius: '50%',
            transform: `translateX(${offset}px)`,
            transition: dragging ? 'none' : `transform ${SLIDER_SNAP_BACK_MS}ms ease-out`,
            display: 'grid',
            placeItems: 'center',
            cursor: done ? 'default' : 'grab',
          }}
        >
          {done ? <IconCheck size={18} /> : <IconArrowLeft size={18} style={{ transform: 'rotate(180deg)' }} />}
        </Box>
      </Box>
    </Box>
  );
}
