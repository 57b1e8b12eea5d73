import { fromThisMachine } from './backup-route.js';

describe('backup access: from this machine only', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', true],
    ['::1', '::1', true],
    ['::ffff:127.0.0.1', '::ffff:127.0.0.1', true],
    ['192.168.1.5', '192.168.1.5', true],
    ['192.168.1.9', '192.168.1.5', false],
    ['::ffff:10.0.0.2', '::ffff:10.0.0.1', false],
    ['2001:db8::2', '2001:db8::1', false],
    [undefined, undefined, false],
  ])('from %s to %s: %s', (remote, local, allowed) => {
    expect(fromThisMachine(remote, local)).toBe(allowed);
  });
});
