import { icon, RING } from './icon-base';

/** The icons of the pages (icons.tsx exports them with the shell's). */

// Literal arrays only (no spread or method call at the top level), so the module stays free of side effects and
// the bundler leaves out of a chunk the icons it does not use.
const CALENDAR_FRAME = 'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z';

export const IconPencil = /* @__PURE__ */ icon('IconPencil', ['M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4z', 'M13.5 6.5l4 4']);
export const IconClock = /* @__PURE__ */ icon('IconClock', ['M12 7v5l3 3'], [RING]);
export const IconSend = /* @__PURE__ */ icon('IconSend', ['M10 14L21 3', 'M21 3l-6.5 18a.55.55 0 0 1-1 0L10 14l-7-3.5a.55.55 0 0 1 0-1z']);
export const IconFileText = /* @__PURE__ */ icon('IconFileText', [
  'M14 3v4a1 1 0 0 0 1 1h4',
  'M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z',
  'M9 13h6',
  'M9 17h6',
]);
export const IconClipboardCheck = /* @__PURE__ */ icon('IconClipboardCheck', [
  'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2',
  'M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2z',
  'M9 14l2 2l4-4',
]);
export const IconCalendar = /* @__PURE__ */ icon('IconCalendar', [CALENDAR_FRAME, 'M16 3v4', 'M8 3v4', 'M4 11h16']);
export const IconCalendarCheck = /* @__PURE__ */ icon('IconCalendarCheck', [CALENDAR_FRAME, 'M16 3v4', 'M8 3v4', 'M9 16l2 2l4-4']);
export const IconTool = /* @__PURE__ */ icon('IconTool', ['M7 10h3V7L6.5 3.5a6 6 0 0 1 8 8l6 6a2.12 2.12 0 0 1-3 3l-6-6a6 6 0 0 1-8-8z']);
export const IconCircleCheck = /* @__PURE__ */ icon('IconCircleCheck', ['M9 12l2 2l4-4'], [RING]);
export const IconArchive = /* @__PURE__ */ icon('IconArchive', ['M3 4h18v4H3z', 'M5 8v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8', 'M10 12h4']);
export const IconReceipt = /* @__PURE__ */ icon('IconReceipt', [
  'M5 21V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16l-3-2l-2 2l-2-2l-2 2l-2-2z',
  'M9 7h6',
  'M9 11h6',
  'M13 15h2',
]);
export const IconCircleX = /* @__PURE__ */ icon('IconCircleX', ['M10 10l4 4m0-4l-4 4'], [RING]);
export const IconBan = /* @__PURE__ */ icon('IconBan', ['M5.7 5.7l12.6 12.6'], [RING]);
export const IconHourglass = /* @__PURE__ */ icon('IconHourglass', [
  'M6.5 7h11',
  'M6.5 17h11',
  'M6 20v-2a6 6 0 1 1 12 0v2a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1z',
  'M6 4v2a6 6 0 1 0 12 0V4a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z',
]);
export const IconTrash = /* @__PURE__ */ icon('IconTrash', [
  'M4 7h16',
  'M10 11v6',
  'M14 11v6',
  'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12',
  'M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3',
]);
export const IconRefresh = /* @__PURE__ */ icon('IconRefresh', ['M20 11a8.1 8.1 0 0 0-15.5-2M4 5v4h4', 'M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4']);
export const IconCircleDashed = /* @__PURE__ */ icon('IconCircleDashed', [
  'M8.56 3.69a9 9 0 0 0-2.92 1.95',
  'M3.69 8.56A9 9 0 0 0 3 12',
  'M3.69 15.44a9 9 0 0 0 1.95 2.92',
  'M8.56 20.31A9 9 0 0 0 12 21',
  'M15.44 20.31a9 9 0 0 0 2.92-1.95',
  'M20.31 15.44A9 9 0 0 0 21 12',
  'M20.31 8.56a9 9 0 0 0-1.95-2.92',
  'M15.44 3.69A9 9 0 0 0 12 3',
]);
export const IconSearch = /* @__PURE__ */ icon('IconSearch', ['M21 21l-6-6'], [[10, 10, 7]]);
export const IconCopy = /* @__PURE__ */ icon('IconCopy', ['M8 8h12v12H8z', 'M16 8V4H4v12h4']);
export const IconPlus = /* @__PURE__ */ icon('IconPlus', ['M12 5v14', 'M5 12h14']);
export const IconExternalLink = /* @__PURE__ */ icon('IconExternalLink', [
  'M12 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6',
  'M11 13l9-9',
  'M15 4h5v5',
]);
export const IconMapPin = /* @__PURE__ */ icon('IconMapPin', [
  'M9 11a3 3 0 1 0 6 0a3 3 0 0 0-6 0',
  'M17.66 16.66L13.41 20.9a2 2 0 0 1-2.83 0l-4.24-4.24a8 8 0 1 1 11.31 0z',
]);
export const IconUser = /* @__PURE__ */ icon('IconUser', ['M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2'], [[12, 7, 4]]);
export const IconArrowUp = /* @__PURE__ */ icon('IconArrowUp', ['M12 19V5', 'M6 11l6-6l6 6']);
export const IconArrowDown = /* @__PURE__ */ icon('IconArrowDown', ['M12 5v14', 'M18 13l-6 6l-6-6']);
export const IconSelector = /* @__PURE__ */ icon('IconSelector', ['M8 9l4-4l4 4', 'M16 15l-4 4l-4-4']);
export const IconArrowLeft = /* @__PURE__ */ icon('IconArrowLeft', ['M5 12h14', 'M5 12l6 6', 'M5 12l6-6']);
export const IconDownload = /* @__PURE__ */ icon('IconDownload', ['M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2', 'M7 11l5 5l5-5', 'M12 4v12']);
export const IconColumns = /* @__PURE__ */ icon('IconColumns', ['M4 4h16v16H4z', 'M10 4v16', 'M16 4v16']);
