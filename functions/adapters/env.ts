/** A setting the deployment must provide (see docs/contracts.md); a missing one is a configuration bug. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}
