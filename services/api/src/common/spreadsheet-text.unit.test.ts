import { spreadsheetRow, spreadsheetText } from './spreadsheet-text.js';

describe('text for spreadsheet cells', () => {
  it('marks as text every value a spreadsheet would take for a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(spreadsheetText(`${start}HYPERLINK("x")`)).toBe(`'${start}HYPERLINK("x")`);
  });

  it('leaves other text, numbers, dates and empty cells alone', () => {
    const when = new Date();
    expect(spreadsheetRow({ a: 'Reading plant', b: 3, c: when, d: null, e: 'a=b', f: '' })).toEqual({
      a: 'Reading plant',
      b: 3,
      c: when,
      d: null,
      e: 'a=b',
      f: '',
    });
  });
});
