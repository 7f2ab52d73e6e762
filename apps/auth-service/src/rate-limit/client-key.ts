import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail turned into two groups). */
const ipv6Groups = (address: string): number[] => {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const part = (side: string | undefined) =>
    side ? side.split(':').map((group) => parseInt(group, 16)) : [];
  const left = part(head);
  const right = part(rest);
  const zeros = rest === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
};

/**
 * The client a per-address limit counts (DECISIONS 30): an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber line or host gets a whole /64, so counting each /128 would give one client 2^64 fresh limits), an
 * IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as its IPv4 address. Anything else (no address known) is one client.
 */
export const clientKey = (clientIp: string): string => {
  const address = clientIp.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return 'unknown';
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
};
