import { describe, expect, it } from 'vitest';
import { sourceSubjectOf } from './source-address';

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
