import { describe, expect, it, vi } from 'vitest';
import { mapRealtimeSchemeToWs } from './local-realtime';

describe('mapRealtimeSchemeToWs', () => {
  it('opens the local real-time socket over ws://, and leaves other sockets alone', () => {
    const opened: string[] = [];
    vi.stubGlobal(
      'WebSocket',
      class {
        constructor(url: string | URL) {
          opened.push(String(url));
        }
      },
    );
    mapRealtimeSchemeToWs('http://localhost:3000/graphql');
    new WebSocket('wss://localhost:3000/graphql/realtime?header=abc', ['graphql-ws']);
    new WebSocket('wss://other.example/socket');
    expect(opened).toEqual(['ws://localhost:3000/graphql/realtime?header=abc', 'wss://other.example/socket']);
  });

  it('changes nothing for an https endpoint', () => {
    const Native = class {};
    vi.stubGlobal('WebSocket', Native);
    mapRealtimeSchemeToWs('https://api.example.org/graphql');
    expect(window.WebSocket).toBe(Native);
  });
});
