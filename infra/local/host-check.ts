// The Host header a local request may carry. A DNS-rebinding page (evil.example resolving to
// 127.0.0.1) reaches the local port with its own name in Host; refusing names other than the
// loopback ones keeps it from reading /_dev/outbox.json and its login codes.

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether `host` names this server: a loopback name with its port (or without one on port 80), or
 * one of `extraHosts` (`name` for any port, or `name:port`), e.g. from the ALLOWED_HOSTS variable.
 */
export function createHostCheck(port: () => number, extraHosts: readonly string[] = []) {
  const extras = new Set(extraHosts.map((host) => host.trim().toLowerCase()).filter(Boolean));
  return (host: string | undefined): boolean => {
    if (!host) return false;
    const value = host.trim().toLowerCase();
    const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(value);
    if (!match) return false;
    const [, name, portText] = match;
    if (extras.has(value) || extras.has(name!)) return true;
    const sentPort = portText === undefined ? 80 : Number(portText);
    return LOOPBACK_NAMES.includes(name!) && sentPort === port();
  };
}

/** ALLOWED_HOSTS: comma-separated host names (or name:port) the local host also answers to. */
export const allowedHostsFromEnv = (value: string | undefined): string[] => (value ?? '').split(',').filter((host) => host.trim() !== '');
