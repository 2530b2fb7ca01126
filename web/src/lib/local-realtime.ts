// Local host only (DESIGN.md): Amplify v6 always opens the real-time socket with wss://, while the local
// server is plain http. This maps the scheme back to ws:// for that one server; production never loads it.

export function mapRealtimeSchemeToWs(graphqlEndpoint: string): void {
  const endpoint = new URL(graphqlEndpoint);
  if (endpoint.protocol !== 'http:') return;
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class LocalRealtimeWebSocket extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      const target = new URL(url);
      if (target.protocol === 'wss:' && target.host === endpoint.host) target.protocol = 'ws:';
      super(target, protocols);
    }
  };
}
