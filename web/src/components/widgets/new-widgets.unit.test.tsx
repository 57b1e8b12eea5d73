import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n from '../../lib/i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { BriefingLayout } from './BriefingLayout';
import type { DateRange } from './calendar';
import { DateRangePicker } from './DateRangePicker';
import { DayTimeRangeSlider, type DayTimeRange } from './DayTimeRangeSlider';
import { UnlockSlider } from './UnlockSlider';

const iso = (days: number) => DateTime.local().plus({ days }).toISODate()!;
const day = (date: string) => document.querySelector(`[data-date="${date}"]`) as HTMLElement;

function RangeHarness({ onChange }: { onChange: (range: DateRange) => void }) {
  const [range, setRange] = useState<DateRange>({ from: null, to: null });
  return (
    <DateRangePicker
      label="Dates"
      value={range}
      onChange={(next) => {
        setRange(next);
        onChange(next);
      }}
    />
  );
}

describe('DateRangePicker', () => {
  it('starts the week on Monday and disables past days', async () => {
    renderWithProviders(<RangeHarness onChange={jest.fn()} />);
    await userEvent.click(screen.getByTestId('date-range-trigger'));
    await waitFor(() => expect(day(iso(1))).not.toBeNull());
    expect(document.querySelector('[data-testid="calendar"] th')).toHaveTextContent('Mon');
    const yesterday = day(iso(-1));
    if (yesterday) expect(yesterday).toBeDisabled();
    expect(day(iso(0))).toBeEnabled();
  });

  it('first click sets the start, second the end; a click before the start starts again', async () => {
    const onChange = jest.fn();
    // Days far enough ahead to share a month view only when they do: pick within next month.
    const base = DateTime.local().plus({ months: 1 }).startOf('month');
    const d = (n: number) => base.plus({ days: n }).toISODate()!;
    renderWithProviders(<RangeHarness onChange={onChange} />);
    await userEvent.click(screen.getByTestId('date-range-trigger'));
    await waitFor(() => expect(screen.getByLabelText('Next month')).toBeInTheDocument());
    await userEvent.click(screen.getByLabelText('Next month'));
    await waitFor(() => expect(day(d(10))).not.toBeNull());
    await userEvent.click(day(d(10)));
    expect(onChange).toHaveBeenLastCalledWith({ from: d(10), to: null });
    expect(screen.getByTestId('date-range-step')).toHaveTextContent('Choose the last day');
    await userEvent.click(day(d(5)));
    expect(onChange).toHaveBeenLastCalledWith({ from: d(5), to: null });
    await userEvent.click(day(d(12)));
    expect(onChange).toHaveBeenLastCalledWith({ from: d(5), to: d(12) });
    // Both chosen: the calendar closes and the button names the range.
    await waitFor(() => expect(screen.queryByTestId('calendar')).toBeNull());
    expect(screen.getByTestId('date-range-trigger')).toHaveTextContent(
      `${base.plus({ days: 5 }).toFormat('dd/MM/yyyy')} – ${base.plus({ days: 12 }).toFormat('dd/MM/yyyy')}`,
    );
  });
});

function SliderHarness({ onChange }: { onChange: (value: DayTimeRange) => void }) {
  const [value, setValue] = useState<DayTimeRange | undefined>(undefined);
  return (
    <DayTimeRangeSlider
      label="Working time"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DayTimeRangeSlider', () => {
  it('shows 09:00–18:00 by default on 96 steps of 15 minutes', () => {
    renderWithProviders(<SliderHarness onChange={jest.fn()} />);
    const from = screen.getByRole('slider', { name: 'Start of the working time' });
    const to = screen.getByRole('slider', { name: 'End of the working time' });
    expect(from).toHaveAttribute('aria-valuemax', '96');
    expect(from).toHaveAttribute('aria-valuetext', '09:00');
    expect(to).toHaveAttribute('aria-valuetext', '18:00');
    expect(screen.getByTestId('day-time-from')).toHaveTextContent('09:00');
  });

  it('moves a quarter of an hour per arrow key', async () => {
    const onChange = jest.fn();
    renderWithProviders(<SliderHarness onChange={onChange} />);
    await userEvent.tab();
    expect(screen.getByRole('slider', { name: 'Start of the working time' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith({ from: '09:15', to: '18:00' });
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith({ from: '08:45', to: '18:00' });
    expect(screen.getByTestId('day-time-from')).toHaveTextContent('08:45');
  });
});

describe('UnlockSlider', () => {
  // jsdom has no PointerEvent: without one the coordinates of a pointer event are lost.
  beforeAll(() => {
    if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: class extends MouseEvent {} });
  });
  const props = { label: 'Slide to cancel the order', hint: 'Slide to cancel', doneText: 'Cancelling' };

  it('is 400 by 60, ignores a click and snaps back over 200 ms when released before 80%', () => {
    const onUnlock = jest.fn();
    renderWithProviders(<UnlockSlider {...props} onUnlock={onUnlock} />);
    const knob = screen.getByRole('slider', { name: props.label });
    expect(knob.style.width).toContain('3.75rem'); // 60 px
    expect(knob.parentElement!.style.width).toContain('25rem'); // 400 px
    fireEvent.pointerDown(knob, { clientX: 0, pointerId: 1 });
    fireEvent.pointerUp(knob, { pointerId: 1 });
    // travel is 400 - 60 = 340; 80% of it is 272
    fireEvent.pointerDown(knob, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(knob, { clientX: 260, pointerId: 1 });
    expect(knob.style.transform).toBe('translateX(260px)');
    fireEvent.pointerUp(knob, { pointerId: 1 });
    expect(knob.style.transform).toBe('translateX(0px)');
    expect(knob.style.transition).toContain('200ms');
    expect(onUnlock).not.toHaveBeenCalled();
  });

  it('completes when dragged past 80%, once', () => {
    const onUnlock = jest.fn();
    renderWithProviders(<UnlockSlider {...props} onUnlock={onUnlock} />);
    const knob = screen.getByRole('slider', { name: props.label });
    fireEvent.pointerDown(knob, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(knob, { clientX: 280, pointerId: 1 });
    fireEvent.pointerUp(knob, { pointerId: 1 });
    expect(onUnlock).toHaveBeenCalledTimes(1);
    expect(knob).toHaveAttribute('aria-valuenow', '100');
    expect(knob).toHaveAttribute('aria-valuetext', 'Cancelling');
    fireEvent.keyDown(knob, { key: 'Enter' });
    expect(onUnlock).toHaveBeenCalledTimes(1);
  });

  it('completes from the keyboard, not when disabled', () => {
    const onUnlock = jest.fn();
    const { unmount } = renderWithProviders(<UnlockSlider {...props} onUnlock={onUnlock} disabled />);
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'Enter' });
    expect(onUnlock).not.toHaveBeenCalled();
    unmount();
    renderWithProviders(<UnlockSlider {...props} onUnlock={onUnlock} />);
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowLeft' });
    expect(onUnlock).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'End' });
    expect(onUnlock).toHaveBeenCalledTimes(1);
  });
});

describe('BriefingLayout', () => {
  beforeAll(() => {
    i18n.addResourceBundle(
      'en',
      'translation',
      {
        test: {
          briefing: {
            fair: { title: 'Met us at the fair?', first: 'See <route>our services</route>.', second: 'Or <route>ask us</route>.', footer: 'Visit us again.' },
            nolinks: { title: 'No links for this one', first: 'x', second: 'y', footer: 'z' },
          },
        },
      },
      true,
      false,
    );
  });
  const at = (url: string) => {
    const router = createMemoryRouter(
      [
        {
          path: '/en/registration',
          element: (
            <BriefingLayout textKey="test.briefing" links={{ fair: ['/en/service-portfolio', '/en/contact'], other: ['/a', '/b'] }}>
              <p>The form</p>
            </BriefingLayout>
          ),
        },
      ],
      { initialEntries: [url] },
    );
    return renderWithProviders(<RouterProvider router={router} />);
  };

  it('shows the panel for a known source: title, two linked paragraphs and a footer', () => {
    at('/en/registration?source=fair');
    const panel = screen.getByTestId('briefing-panel');
    expect(screen.getByRole('heading', { name: 'Met us at the fair?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'our services' })).toHaveAttribute('href', '/en/service-portfolio');
    expect(screen.getByRole('link', { name: 'ask us' })).toHaveAttribute('href', '/en/contact');
    expect(panel).toHaveTextContent('Visit us again.');
    expect(screen.getByText('The form')).toBeInTheDocument();
  });

  it('is hidden without a source, for an unknown one, and for one without text', () => {
    for (const url of ['/en/registration', '/en/registration?source=unknown', '/en/registration?source=other', '/en/registration?source=nolinks']) {
      const { unmount } = at(url);
      expect(screen.getByText('The form')).toBeInTheDocument();
      expect(screen.queryByTestId('briefing-panel')).toBeNull();
      unmount();
    }
  });
});
