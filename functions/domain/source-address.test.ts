import { describe, expect, it } from 'vitest';
import { isInsideAddress, sourceSubjectOf } from './source-address';

describe('sourceSubjectOf', () => {
  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const subjects = ['2001:db8:a:b::1', '2001:DB8:A:B:ffff:ffff:ffff:ffff', '2001:0db8:000a:000b:1:2:3:4', '2001:db8:a:b:1:2:1.2.3.4'].map(
      sourceSubjectOf,
    );
    expect(new Set(subjects)).toEqual(new Set(['2001:db8:a:b::/64']));
    expect(sourceSubjectOf('2001:db8:a:c::1')).not.toBe(subjects[0]);
  });

  it('keeps IPv4 addresses apart, including those seen through an IPv6 socket', () => {
    expect(sourceSubjectOf('192.0.2.1')).toBe('192.0.2.1');
    expect(sourceSubjectOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(sourceSubjectOf('::ffff:c000:202')).toBe('192.0.2.2');
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(sourceSubjectOf('unknown')).toBe('unknown');
  });
});

describe('isInsideAddress', () => {
  it('knows loopback, private, link-local and shared NAT addresses, as written or as counted', () => {
    for (const inside of [
      '127.0.0.1',
      '::ffff:127.0.0.1',
      '::1',
      '10.20.30.40',
      '172.31.255.1',
      '192.168.1.10',
      '169.254.0.1',
      '100.64.12.1',
      'fd12:3456::1',
      'fe80::1%eth0',
    ])
      expect(isInsideAddress(inside), inside).toBe(true);
    expect(isInsideAddress(sourceSubjectOf('fd12:3456:789a:1::9'))).toBe(true);
  });

  it('leaves every other address, and what is not one, outside', () => {
    for (const outside of [
      '198.51.100.7',
      '172.32.0.1',
      '8.8.8.8',
      '2001:db8:cafe:1::42',
      sourceSubjectOf('2001:db8:cafe:1::42'),
      'unknown',
    ])
      expect(isInsideAddress(outside), outside).toBe(false);
  });
});
