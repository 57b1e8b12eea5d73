import { findBadText, MAX_JSON_DEPTH } from './text-input.js';

describe('text no store can keep', () => {
  it('finds a NUL character or an unpaired surrogate, in values and keys, with its path', () => {
    expect(findBadText({ a: ['ok', 'x\u0000y'] })).toMatchObject({ path: 'a.1', code: 'invalid_characters' });
    expect(findBadText({ a: { b: 'x\uD800' } })?.path).toBe('a.b');
    expect(findBadText({ a: '\uDC00x' })?.path).toBe('a');
    expect(findBadText({ ['k\u0000']: 1 })?.path).toBe('k\u0000');
    expect(findBadText('\u0000')?.path).toBe('');
  });

  it('lets every well-formed text through, emoji and umlauts included', () => {
    expect(findBadText({ name: 'Köln 😀 Straße', list: [1, true, null, { s: 'ção' }] })).toBeNull();
    expect(findBadText(undefined)).toBeNull();
  });

  it('refuses nesting past the limit without walking it on the call stack, however deep', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText({ a: deep })).toMatchObject({ code: 'too_deep' });
    let fine: unknown = 'end';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) fine = { x: fine };
    expect(findBadText(fine)).toBeNull();
  });
});
