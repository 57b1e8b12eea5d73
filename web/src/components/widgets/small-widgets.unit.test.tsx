import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { antiRobotPassed } from './anti-robot';
import { AntiRobotCheck } from './AntiRobotCheck';
import { ButtonGroup, toggleWithMinimum } from './ButtonGroup';
import { CountrySelect } from './CountrySelect';
import { DayTimeRangeSlider } from './DayTimeRangeSlider';
import { TOOLTIP_DIRECTIONS, tooltipPosition } from './DirectionalTooltip';
import { Markdown, WarningBox } from './Markdown';

describe('ButtonGroup', () => {
  it('keeps at least the minimum selected', async () => {
    expect(toggleWithMinimum(['a'], 'a', 1)).toEqual(['a']);
    expect(toggleWithMinimum(['a', 'b'], 'a', 1)).toEqual(['b']);
    const onChange = jest.fn();
    renderWithProviders(<ButtonGroup label="Channels" options={[{ value: 'email', label: 'E-mail' }, { value: 'sms', label: 'SMS' }]} value={['email']} onChange={onChange} min={1} />);
    expect(screen.getByRole('group', { name: 'Channels' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    expect(onChange).toHaveBeenLastCalledWith(['email']);
    await userEvent.click(screen.getByRole('button', { name: 'SMS' }));
    expect(onChange).toHaveBeenLastCalledWith(['email', 'sms']);
  });
});

describe('DirectionalTooltip', () => {
  it('maps the 8 directions to Mantine positions', () => {
    expect(TOOLTIP_DIRECTIONS.map(tooltipPosition)).toEqual(['top-start', 'top', 'top-end', 'right', 'bottom-end', 'bottom', 'bottom-start', 'left']);
  });
});

describe('Markdown', () => {
  it('renders headings, emphasis, lists and safe links, and never raw HTML', () => {
    const { container } = renderWithProviders(
      <Markdown source={'# Title\n\nSome **bold** and *soft* text with [a link](https://onsite.example).\n\n- one\n- two\n\n1. first\n\n<img src=x onerror=alert(1)> [bad](javascript:alert(1))'} />,
    );
    expect(screen.getByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('em')).toHaveTextContent('soft');
    expect(screen.getByRole('link', { name: 'a link' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>');
  });
  it('has a warning box', () => {
    renderWithProviders(<WarningBox title="Short notice">Extra charges may apply.</WarningBox>);
    expect(screen.getByRole('note')).toHaveTextContent('Extra charges may apply.');
  });
});

describe('anti-robot check', () => {
  it('fails when ticked, under 5 s, or never started', () => {
    const now = 100_000;
    expect(antiRobotPassed({ checked: false, startedAt: now - 6000 }, now)).toBe(true);
    expect(antiRobotPassed({ checked: true, startedAt: now - 6000 }, now)).toBe(false);
    expect(antiRobotPassed({ checked: false, startedAt: now - 4000 }, now)).toBe(false);
    expect(antiRobotPassed({ checked: false, startedAt: 0 }, now)).toBe(false);
  });
  it('snaps back when released early', () => {
    const onChange = jest.fn();
    renderWithProviders(<AntiRobotCheck onChange={onChange} />);
    expect(onChange).toHaveBeenLastCalledWith({ checked: false, startedAt: 0 });
    const slider = screen.getByRole('slider', { name: 'Slide to confirm you are a person' });
    fireEvent.pointerDown(slider, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(slider, { clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(slider, { pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(slider.style.transition).toContain('200ms');
    expect(screen.getByTestId('honeypot')).toHaveAttribute('tabindex', '-1');
  });
  it('completes by keyboard', () => {
    const onChange = jest.fn();
    renderWithProviders(<AntiRobotCheck onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowRight' });
    expect(onChange.mock.lastCall![0]).toMatchObject({ checked: false });
    expect(onChange.mock.lastCall![0].startedAt).toBeGreaterThan(0);
  });
});

describe('CountrySelect', () => {
  it('lists translated countries, served ones only when asked', async () => {
    renderWithProviders(<CountrySelect label="Country" value={null} onChange={jest.fn()} servedOnly />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    const names = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(names).toContain('Germany');
    expect(names).not.toContain('Brazil');
    expect([...names].sort((a, b) => (a ?? '').localeCompare(b ?? ''))).toEqual(names);
  });
});

describe('DayTimeRangeSlider', () => {
  it('starts at 09:00–18:00 in 96 quarter-hour steps', () => {
    renderWithProviders(<DayTimeRangeSlider label="Working hours" onChange={jest.fn()} />);
    const thumbs = screen.getAllByRole('slider');
    expect(thumbs.map((t) => t.getAttribute('aria-valuenow'))).toEqual(['36', '72']);
    expect(thumbs[0]).toHaveAttribute('aria-valuemax', '96');
  });
});
