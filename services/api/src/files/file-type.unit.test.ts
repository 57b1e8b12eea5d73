import { sniffFileType } from './file-type.js';

describe('the type a file shows', () => {
  it('is read from the magic bytes, whatever the file is called', () => {
    expect(sniffFileType(Buffer.from('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniffFileType(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00))).toBe('image/png');
    expect(sniffFileType(Uint8Array.of(0xff, 0xd8, 0xff, 0xdb))).toBe('image/jpeg');
  });

  it('is null for anything else, including a file too short to tell', () => {
    expect(sniffFileType(Buffer.from('just text'))).toBeNull();
    expect(sniffFileType(Buffer.from('%PDF'))).toBeNull();
    expect(sniffFileType(Uint8Array.of(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });
});
