import { tones } from '../../../theme';
import { statusLook } from './order-status';

/** The status icon alone in its colour (filter buttons). */
export function StatusBadgeIcon({ status }: { status: string }) {
  const { tone, Icon } = statusLook(status);
  return <Icon size={14} style={{ color: tones[tone].color }} />;
}
