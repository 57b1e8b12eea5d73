import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { Markdown, markdownBlocks, safeHref } from './Markdown';

describe('markdown', () => {
  it('splits headings, lists and paragraphs; a single line break stays in its paragraph', () => {
    expect(markdownBlocks('# Access\nGate 4\nthen left\n\n- badge\n- helmet\n\n1. sign in\n2. wait')).toEqual([
      { kind: 'heading', level: 1, text: 'Access' },
      { kind: 'paragraph', lines: ['Gate 4', 'then left'] },
      { kind: 'list', ordered: false, items: ['badge', 'helmet'] },
      { kind: 'list', ordered: true, items: ['sign in', 'wait'] },
    ]);
  });

  it('links only web, mail and own addresses', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(safeHref('/en/help')).toBe('/en/help');
    expect(safeHref('mailto:support@example.com')).toBe('mailto:support@example.com');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
  });

  it('renders bold, italic, code and links as elements, never the text as HTML', () => {
    renderWithProviders(
      <Markdown>
        {'Bring **safety shoes** and *gloves*; ask for `GATE-4`.\nSee [the manual](https://example.com/m.pdf) or [this](javascript:alert(1)). <b>not bold</b>'}
      </Markdown>,
    );
    expect(screen.getByText('safety shoes').tagName).toBe('STRONG');
    expect(screen.getByText('gloves').tagName).toBe('EM');
    expect(screen.getByText('GATE-4').tagName).toBe('CODE');
    const link = screen.getByRole('link', { name: 'the manual' });
    expect(link).toHaveAttribute('href', 'https://example.com/m.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'this' })).toBeNull();
    expect(screen.getByTestId('markdown')).toHaveTextContent('<b>not bold</b>');
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows a list as a list', () => {
    renderWithProviders(<Markdown>{'- one\n- two'}</Markdown>);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
  });
});
