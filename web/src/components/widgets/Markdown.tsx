import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/** A block of the small markdown the console renders: headings, lists and paragraphs. */
export type MarkdownBlock =
  { kind: 'heading'; level: 1 | 2 | 3; text: string } | { kind: 'list'; ordered: boolean; items: string[] } | { kind: 'paragraph'; lines: string[] };

/**
 * Splits text into blocks: `#`–`###` headings, `-`/`*` or `1.` list items, and paragraphs separated by a blank line
 * (a single line break stays a line break, as plain text was shown before).
 */
export function markdownBlocks(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] | null = null;
  let list: { ordered: boolean; items: string[] } | null = null;
  const close = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', lines: paragraph });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = null;
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.+)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.+)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.+)$/.exec(line);
    if (line.trim() === '') close();
    else if (heading) {
      close();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph || (list && list.ordered !== ordered)) close();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else {
      if (list) close();
      paragraph ??= [];
      paragraph.push(line.trim());
    }
  }
  close();
  return blocks;
}

/** Only web, mail and the console's own addresses become links; anything else (javascript:, data:) stays text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (/^\/(?!\/)/.test(trimmed)) return trimmed;
  return null;
}

const INLINE = /(\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/;

/** `**bold**`, `*italic*`, `` `code` `` and `[links](https://…)` as React elements; never HTML from the text. */
export function renderInline(text: string, key = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const id = `${key}-${n++}`;
    const [, , bold1, bold2, italic1, italic2, code, label, href] = match;
    if (bold1 ?? bold2) nodes.push(<strong key={id}>{renderInline((bold1 ?? bold2)!, id)}</strong>);
    else if (italic1 ?? italic2) nodes.push(<em key={id}>{renderInline((italic1 ?? italic2)!, id)}</em>);
    else if (code) nodes.push(<Code key={id}>{code}</Code>);
    else if (label && href) {
      const safe = safeHref(href);
      const external = safe !== null && !safe.startsWith('/');
      nodes.push(
        safe ? (
          <Anchor key={id} href={safe} inherit underline="always" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {renderInline(label, id)}
          </Anchor>
        ) : (
          <Fragment key={id}>{label}</Fragment>
        ),
      );
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return nodes;
}

/** Text written with a little markdown (FAQ answers, banners), shown safely: the text never becomes HTML. */
export function Markdown({ children, size = 'sm', color }: { children: string; size?: 'xs' | 'sm' | 'md' | 'lg'; color?: string }) {
  const blocks = markdownBlocks(children);
  return (
    <Stack gap="xs" data-testid="markdown">
      {blocks.map((block, i) => {
        const key = `b${i}`;
        if (block.kind === 'heading')
          return (
            <Title key={key} order={Math.min(6, block.level + 2) as 3 | 4 | 5} size={block.level === 1 ? 'h4' : 'h5'}>
              {renderInline(block.text, key)}
            </Title>
          );
        if (block.kind === 'list')
          return (
            <List key={key} type={block.ordered ? 'ordered' : 'unordered'} size={size} c={color} withPadding>
              {block.items.map((item, j) => (
                <List.Item key={`${key}-${j}`}>{renderInline(item, `${key}-${j}`)}</List.Item>
              ))}
            </List>
          );
        return (
          <Text key={key} size={size} c={color}>
            {block.lines.map((line, j) => (
              <Fragment key={`${key}-${j}`}>
                {j > 0 ? <br /> : null}
                {renderInline(line, `${key}-${j}`)}
              </Fragment>
            ))}
          </Text>
        );
      })}
    </Stack>
  );
}
