// What the limits per source address count: an IPv4 address as it is, an IPv6 one by its /64. An
// ISP hands each subscriber a whole /64 (or more), so counted address by address, one caller could
// try from 2^64 addresses and never meet a limit or a login delay.

import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 as two groups). */
function ipv6Groups(address: string): string[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const [a, b, c, d] = (dotted?.slice(1) ?? []).map(Number) as number[];
  const hex = dotted ? `${address.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}` : address;
  const [head = '', tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** The subject a source address is counted under; anything that is not an IP address stays as it is. */
export function sourceSubjectOf(address: string): string {
  const bare = address.replace(/%.*$/, ''); // an IPv6 zone (fe80::1%eth0)
  if (isIPv4(bare) || !isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  // An IPv4 caller seen through an IPv6 socket (::ffff:192.0.2.1) is that IPv4 address.
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

// Loopback, private networks, link-local and the carriers' shared NAT range (and IPv6's loopback, unique
// local and link-local): a network's inside, the same for everyone behind it, and every user of the local host.
const INSIDE = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  INSIDE.addSubnet(network, prefix, 'ipv4');
// The loopback ::1, and :: for its subject (counted by its /64). A subnet around them would hold every
// IPv4 address too, which BlockList also checks as IPv4-mapped IPv6.
for (const address of ['::1', '::']) INSIDE.addAddress(address, 'ipv6');
for (const [network, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INSIDE.addSubnet(network, prefix, 'ipv6');

/** Whether an address, or the subject it is counted under, is a loopback or private network's: it tells nobody apart. */
export function isInsideAddress(address: string): boolean {
  const bare = sourceSubjectOf(address.replace(/%.*$/, '')).replace(/\/64$/, '');
  if (isIPv4(bare)) return INSIDE.check(bare, 'ipv4');
  return isIPv6(bare) && INSIDE.check(bare, 'ipv6');
}
