import { Alert, Anchor, List, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlertCircle } from '../icons';

/** Only these link targets are rendered as links (no javascript:, no data:). */
function safeHref(href: string): string | null {
  return /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href.trim()) ? href.trim() : null;
}

/** Inline markdown: **bold**, *italic* / _italic_, `code` and [text](url). Everything else stays text (no raw HTML). */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(\*\*([^*]+)\*\*|\*([^*]+)\*|_([^_]+)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/g;
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const key = `${keyPrefix}-${index++}`;
    if (match[2] !== undefined) out.push(<strong key={key}>{renderInline(match[2], key)}</strong>);
    else if (match[3] !== undefined || match[4] !== undefined) out.push(<em key={key}>{renderInline(match[3] ?? match[4] ?? '', key)}</em>);
    else if (match[5] !== undefined) out.push(<code key={key}>{match[5]}</code>);
    else {
      const href = safeHref(match[7] ?? '');
      out.push(
        href ? (
          <Anchor key={key} href={href} target="_blank" rel="noopener noreferrer">
            {renderInline(match[6] ?? '', key)}
          </Anchor>
        ) : (
          match[6]
        ),
      );
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Block markdown: headings, paragraphs, bulleted and numbered lists. Raw HTML is shown as text, never parsed. */
export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) {
      blocks.push(<Text key={`p${blocks.length}`} mb="sm">{renderInline(paragraph.join(' '), `p${blocks.length}`)}</Text>);
      paragraph = [];
    }
    if (list) {
      const current = list;
      blocks.push(
        <List key={`l${blocks.length}`} type={current.ordered ? 'ordered' : 'unordered'} mb="sm">
          {current.items.map((item, i) => (
            <List.Item key={i}>{renderInline(item, `l${blocks.length}-${i}`)}</List.Item>
          ))}
        </List>,
      );
      list = null;
    }
  };
  for (const line of lines) {
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const order = Math.min(6, heading[1]!.length + 1) as TitleOrder;
      blocks.push(<Title key={`h${blocks.length}`} order={order} mb="xs">{renderInline(heading[2] ?? '', `h${blocks.length}`)}</Title>);
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered && !bullet);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1] ?? '');
    } else if (line.trim() === '') flush();
    else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return <div className="onsite-markdown">{blocks}</div>;
}

/** A warning that must be read (spec 2.6, warning box). */
export function WarningBox({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="orange" variant="light" title={title} icon={<IconAlertCircle size={18} />} role="note">
      {children}
    </Alert>
  );
}
