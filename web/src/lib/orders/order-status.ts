import { ORDER_STATUSES, type OrderStatus } from '@onsite/domain';
import {
  IconArchive,
  IconBan,
  IconCalendar,
  IconCalendarCheck,
  IconCircleCheck,
  IconCircleDashed,
  IconCircleX,
  IconClipboardCheck,
  IconClock,
  IconFileText,
  IconHourglass,
  IconPencil,
  IconReceipt,
  IconRefresh,
  IconSend,
  IconTool,
  IconTrash,
  type IconProps,
} from '../../components/icons';
import type { Tone } from '../../theme';

/** What the console shows for an order without a status. */
export const NO_STATUS = 'EMPTY';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export interface StatusLook {
  tone: Tone;
  Icon: (props: IconProps) => React.JSX.Element;
}

/**
 * Icon and colour of every status: drafts grey, requests blue, offers violet, submitted teal,
 * jobs orange, completed green, declined and cancelled red, expired and deleted muted.
 */
export const STATUS_LOOK: Record<OrderStatus | typeof NO_STATUS, StatusLook> = {
  IN_PREPARATION: { tone: 'draft', Icon: IconClock },
  INCOMPLETE: { tone: 'draft', Icon: IconPencil },
  REQUESTED_QUOTE: { tone: 'request', Icon: IconSend },
  REOPENED: { tone: 'request', Icon: IconRefresh },
  OFFERED: { tone: 'offer', Icon: IconFileText },
  ORDER_SUBMITTED: { tone: 'submitted', Icon: IconClipboardCheck },
  JOB_IN_PLANNING: { tone: 'job', Icon: IconCalendar },
  JOB_PLANNED: { tone: 'job', Icon: IconCalendarCheck },
  JOB_IN_PROGRESS: { tone: 'job', Icon: IconTool },
  JOB_COMPLETED: { tone: 'done', Icon: IconCircleCheck },
  JOB_CLOSED: { tone: 'done', Icon: IconArchive },
  CLOSED: { tone: 'done', Icon: IconArchive },
  BILLED: { tone: 'done', Icon: IconReceipt },
  DECLINED: { tone: 'negative', Icon: IconBan },
  CANCELED: { tone: 'negative', Icon: IconCircleX },
  JOB_CANCELLED: { tone: 'negative', Icon: IconCircleX },
  EXPIRED: { tone: 'muted', Icon: IconHourglass },
  DELETED: { tone: 'muted', Icon: IconTrash },
  [NO_STATUS]: { tone: 'muted', Icon: IconCircleDashed },
};

export function orderStatusLook(status: string | null | undefined): StatusLook {
  return isOrderStatus(status) ? STATUS_LOOK[status] : STATUS_LOOK[NO_STATUS];
}
