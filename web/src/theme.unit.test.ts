import { ORDER_STATUSES } from '@onsite/domain';
import { STATUS_LOOK } from './features/orders/components/order-status';
import { theme, tones } from './theme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

describe('theme', () => {
  it.each(Object.entries(tones))('status tone %s keeps WCAG AA contrast (4.5:1)', (_, tone) => {
    expect(contrast(tone.color, tone.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('accent buttons and dimmed text keep WCAG AA contrast on white', () => {
    const accent = theme.colors?.accent?.[6] ?? '';
    const dimmed = theme.colors?.gray?.[6] ?? '';
    expect(contrast(accent, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dimmed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dimmed, theme.colors?.gray?.[0] ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every order status a look', () => {
    expect(ORDER_STATUSES.filter((status) => !STATUS_LOOK[status])).toEqual([]);
  });
});
