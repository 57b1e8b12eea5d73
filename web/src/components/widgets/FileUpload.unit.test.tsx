import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { checkFiles, sniffFileType } from './file-types';
import { FileUpload } from './FileUpload';

const file = (bytes: number[], name: string, size?: number) => {
  const f = new File([new Uint8Array(bytes)], name);
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff, 0xe0];

describe('file upload checks', () => {
  it('recognises PDF, PNG and JPG by content', () => {
    expect(sniffFileType(new Uint8Array(PDF))).toBe('pdf');
    expect(sniffFileType(new Uint8Array(PNG))).toBe('png');
    expect(sniffFileType(new Uint8Array(JPG))).toBe('jpg');
    expect(sniffFileType(new Uint8Array([0x4d, 0x5a]))).toBeNull();
  });
  it('refuses too large, wrong and surplus files', async () => {
    const result = await checkFiles(
      [file(PDF, 'a.pdf'), file(PDF, 'big.pdf', 21 * 1024 * 1024), file([1, 2, 3], 'x.pdf'), file(JPG, 'c.jpg'), file(PNG, 'd.png')],
      {
        limitMb: 20,
        maxCount: 2,
        already: 0,
      },
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['a.pdf', 'c.jpg']);
    expect(result.problems.map((p) => p.key)).toEqual(['widgets.upload.tooLarge', 'widgets.upload.wrongType', 'widgets.upload.tooMany']);
  });
  it('reports a read failure as a parsing error', async () => {
    const broken = file(PDF, 'broken.pdf');
    jest.spyOn(broken, 'slice').mockImplementation(() => {
      throw new Error('gone');
    });
    const result = await checkFiles([broken], { limitMb: 20, already: 0 });
    expect(result.problems).toEqual([{ key: 'widgets.upload.parseError' }]);
  });
});

describe('FileUpload', () => {
  beforeEach(() => cleanNotifications());
  it('adds accepted files and notifies the size limit', async () => {
    const onChange = jest.fn();
    renderWithProviders(<FileUpload label="Purchase order" files={[]} onChange={onChange} limitMb={1} />);
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file(PNG, 'po.png'), file(PDF, 'huge.pdf', 2 * 1024 * 1024)] } });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect((onChange.mock.calls[0]![0] as File[]).map((f) => f.name)).toEqual(['po.png']);
    expect(notificationsStore.getState().notifications.map((n) => String(n.message))).toEqual(['Maximum file size is 1 Mb']);
  });
});
