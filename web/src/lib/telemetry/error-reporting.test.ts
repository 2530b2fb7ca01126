import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch } from '../../test/helpers';

// The SDK is replaced: what it is given is what the test checks. `loaded` tells whether the app asked for it at all.
const sdk = vi.hoisted(() => ({
  loaded: false,
  init: vi.fn(),
  captureMessage: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
}));
vi.mock('@sentry/browser', () => {
  sdk.loaded = true;
  return sdk;
});

const CONFIG = { mode: 'aws', version: '1.4.2' } as const;
const DSN = 'https://public@o42.ingest.example.io/7';

async function freshPage() {
  vi.resetModules();
  return { reporting: await import('./error-reporting'), logger: await import('../logger') };
}

let fetchMock: ReturnType<typeof mockFetch>;
const logged = () => (callsTo(fetchMock, 'POST', '/log') as Array<Array<{ message: string; level: string }>>).flat();

beforeEach(() => {
  sdk.loaded = false;
  fetchMock = mockFetch({});
});
afterEach(() => {
  sdk.init.mockClear();
  sdk.captureMessage.mockClear();
});

describe('error reporting', () => {
  it('never loads without a DSN, and errors still reach /log', async () => {
    const { reporting, logger } = await freshPage();
    await reporting.startErrorReporting(CONFIG);
    vi.useFakeTimers();
    logger.logger.error('Screen crashed: TypeError');
    vi.runAllTimers();
    expect(sdk.loaded).toBe(false);
    expect(sdk.init).not.toHaveBeenCalled();
    expect(logged()).toEqual([expect.objectContaining({ level: 'Error', message: expect.stringContaining('Screen crashed: TypeError') })]);
  });

  it('starts with the DSN, the release, the environment, a 0.5 trace sample rate and no personal data', async () => {
    const { reporting } = await freshPage();
    await reporting.startErrorReporting({ ...CONFIG, errorReportingDsn: DSN });
    expect(sdk.init).toHaveBeenCalledTimes(1);
    const options = sdk.init.mock.calls[0]![0];
    expect(options).toMatchObject({
      dsn: DSN,
      release: '1.4.2',
      environment: 'aws',
      tracesSampleRate: 0.5,
      tracePropagationTargets: [],
      dataCollection: { userInfo: false, cookies: false, urlQueryParams: false },
    });
    const event = {
      message: 'Login answered 403 for ana@exemple.ca',
      request: { url: 'https://partage.example/reinitialiser-mot-de-passe?token=s3cr3t&lang=fr' },
      breadcrumbs: [{ category: 'navigation', data: { to: '/reenvoyer-courriel?email=ana%40exemple.ca' } }],
    };
    expect(options.beforeSend(event)).toEqual({
      message: 'Login answered 403 for [redacted]',
      request: { url: 'https://partage.example/reinitialiser-mot-de-passe?token=[redacted]&lang=fr' },
      breadcrumbs: [{ category: 'navigation', data: { to: '/reenvoyer-courriel?email=[redacted]' } }],
    });
    expect(options.beforeBreadcrumb({ category: 'fetch', data: { url: '/x?code=123456' } })).toEqual({
      category: 'fetch',
      data: { url: '/x?code=[redacted]' },
    });
  });

  it('reports what the logger logs at Error and Critical, which also reaches /log', async () => {
    const { reporting, logger } = await freshPage();
    await reporting.startErrorReporting({ ...CONFIG, errorReportingDsn: DSN });
    vi.useFakeTimers();
    logger.logger.warning('Slow answer');
    logger.logger.error('Unexpected error: boom');
    logger.logger.critical('The app could not start');
    vi.runAllTimers();
    expect(sdk.captureMessage.mock.calls).toEqual([
      ['Unexpected error: boom', 'error'],
      ['The app could not start', 'fatal'],
    ]);
    expect(logged().map((entry) => entry.level)).toEqual(['Warning', 'Error', 'Critical']);
  });

  it('sends uncaught errors and unhandled rejections to /log at Error level, leaving them to the SDK’s own handlers', async () => {
    const { reporting, logger } = await freshPage();
    await reporting.startErrorReporting({ ...CONFIG, errorReportingDsn: DSN });
    const listeners: Array<[string, EventListenerOrEventListenerObject]> = [];
    const addEventListener = window.addEventListener.bind(window);
    vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.push([type, listener]);
      addEventListener(type, listener);
    });
    logger.logUncaughtErrors();
    vi.useFakeTimers();
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new Error('network down') });
    window.dispatchEvent(rejection);
    vi.runAllTimers();
    for (const [type, listener] of listeners) window.removeEventListener(type, listener);

    expect(logged()).toEqual([
      expect.objectContaining({ level: 'Error', message: expect.stringContaining('Uncaught: TypeError: x is undefined') }),
      expect.objectContaining({ level: 'Error', message: expect.stringContaining('Unhandled rejection: Error: network down') }),
    ]);
    expect(sdk.captureMessage).not.toHaveBeenCalled();
  });
});
