import { describe, expect, it } from 'vitest';
import { isSameOriginPost } from './same-origin';

const HOST = 'localhost:3000';

describe('dev POSTs (issue 22, finding 5: any page could run a job through a form)', () => {
  it('refuses a post from another site, by Sec-Fetch-Site or, without it, by Origin', () => {
    expect(isSameOriginPost({ host: HOST, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).toBe(false);
    expect(isSameOriginPost({ host: HOST, 'sec-fetch-site': 'same-site', origin: 'http://localhost:4000' })).toBe(false);
    expect(isSameOriginPost({ host: HOST, origin: 'https://evil.example' })).toBe(false);
    expect(isSameOriginPost({ host: HOST, origin: 'http://localhost:4000' })).toBe(false);
    expect(isSameOriginPost({ host: HOST, origin: 'null' })).toBe(false);
  });

  it('lets the server’s own pages post, and a request from no page (curl, a script)', () => {
    expect(isSameOriginPost({ host: HOST, 'sec-fetch-site': 'same-origin', origin: `http://${HOST}` })).toBe(true);
    expect(isSameOriginPost({ host: HOST, 'sec-fetch-site': 'none' })).toBe(true);
    expect(isSameOriginPost({ host: HOST, origin: `http://${HOST}` })).toBe(true);
    expect(isSameOriginPost({ host: HOST })).toBe(true);
  });
});
