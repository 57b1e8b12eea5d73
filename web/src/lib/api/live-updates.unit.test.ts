import { parseFrames } from './live-updates';

describe('parseFrames (text/event-stream)', () => {
  it('splits complete frames and keeps an unfinished one for the next chunk', () => {
    const { frames, rest } = parseFrames('id: 7\nevent: order\ndata: {"refId":"ON-1"}\n\nid: 8\nevent: posi');
    expect(frames).toEqual([{ id: '7', event: 'order', data: '{"refId":"ON-1"}' }]);
    expect(rest).toBe('id: 8\nevent: posi');
    expect(parseFrames(`${rest}tion\ndata: {}\n\n`).frames).toEqual([{ id: '8', event: 'position', data: '{}' }]);
  });

  it('ignores comments and unknown fields, and accepts CRLF line ends', () => {
    expect(parseFrames(': keep-alive\r\nretry: 2000\r\nid: 9\r\n\r\n').frames).toEqual([{ id: '9' }]);
  });
});
