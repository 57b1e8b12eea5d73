import { Box, Text } from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { IconArrowLeft, IconCheck } from '../icons';
import { SLIDER_COMPLETE_RATIO, SLIDER_SNAP_BACK_MS } from './anti-robot';

/** The order details' unlock slider: 400 by 60 unless told otherwise. */
export const UNLOCK_SLIDER_WIDTH = 400;
export const UNLOCK_SLIDER_HEIGHT = 60;

export interface UnlockSliderProps {
  /** What the slider does, for screen readers (e.g. "Slide to cancel order 123"). */
  label: string;
  /** The text on the track before it is done. */
  hint: string;
  /** The text once done. */
  doneText: string;
  onUnlock: () => void;
  width?: number;
  height?: number;
  color?: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * A committing action guarded by a slide: dragging the knob past 80% of the track completes it, releasing earlier
 * snaps it back over 200 ms. A click alone does nothing. For the keyboard the knob is a slider: Enter, Space, End or
 * the right arrow completes it.
 */
export function UnlockSlider({
  label,
  hint,
  doneText,
  onUnlock,
  width = UNLOCK_SLIDER_WIDTH,
  height = UNLOCK_SLIDER_HEIGHT,
  color = 'red.8',
  disabled = false,
  testId = 'unlock-slider',
}: UnlockSliderProps) {
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [done, setDone] = useState(false);
  const start = useRef<number | null>(null);
  const track = useRef<HTMLDivElement>(null);
  const knob = height;
  // The track may be narrower than asked on a small screen: the knob travels what is there.
  const travel = () => Math.max(1, (track.current?.clientWidth || width) - knob);

  const finish = () => {
    if (done) return;
    setOffset(travel());
    setDone(true);
    onUnlock();
  };
  const release = () => {
    if (start.current === null) return;
    setDragging(false);
    start.current = null;
    if (offset >= travel() * SLIDER_COMPLETE_RATIO) finish();
    else setOffset(0);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (done || disabled) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start.current = event.clientX - offset;
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    setOffset(Math.max(0, Math.min(travel(), event.clientX - start.current)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (done || disabled) return;
    if (['ArrowRight', 'End', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      finish();
    }
  };
  const percent = Math.round((offset / travel()) * 100);

  return (
    <Box
      ref={track}
      pos="relative"
      w={width}
      maw="100%"
      h={height}
      bg={done ? 'gray.2' : 'gray.1'}
      style={{
        borderRadius: height / 2,
        border: '1px solid var(--mantine-color-gray-5)',
        userSelect: 'none',
        touchAction: 'none',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <Text size="sm" fw={500} c="gray.9" ta="center" lh={`${height - 2}px`} pl={knob} pr="sm" truncate aria-hidden="true">
        {done ? doneText : hint}
      </Text>
      <Box
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-disabled={disabled || undefined}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done ? 100 : Math.min(100, percent)}
        aria-valuetext={done ? doneText : hint}
        data-testid={testId}
        data-done={done || undefined}
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
        bg={color}
        c="white"
        style={{
          borderRadius: '50%',
          transform: `translateX(${offset}px)`,
          transition: dragging ? 'none' : `transform ${SLIDER_SNAP_BACK_MS}ms ease-out`,
          display: 'grid',
          placeItems: 'center',
          cursor: done || disabled ? 'default' : 'grab',
        }}
      >
        {done ? <IconCheck size={22} /> : <IconArrowLeft size={22} style={{ transform: 'rotate(180deg)' }} />}
      </Box>
    </Box>
  );
}
