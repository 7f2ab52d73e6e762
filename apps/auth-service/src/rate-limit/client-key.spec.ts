import { clientKey } from './client-key';

describe('clientKey: which client a per-address limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
    ['unknown', 'unknown'],
    ['not an address', 'unknown'],
  ])('%p counts as %p', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('puts every address of one /64 together and the next /64 apart', () => {
    const keys = ['2001:db8:a:b::1', '2001:db8:a:b:1::2', '2001:db8:a:b:dead:beef:0:1'].map(clientKey);
    expect(new Set(keys).size).toBe(1);
    expect(clientKey('2001:db8:a:c::1')).not.toBe(keys[0]);
  });
});
