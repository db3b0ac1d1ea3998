export type EnvironmentLabel = 'LOCAL' | 'DEV' | 'PROD';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** localhost or an IP address is development, a dev. host is staging, anything else production. */
export function environmentFromHost(hostname: string): EnvironmentLabel {
  const host = hostname.trim().toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || IPV4.test(host) || host.includes(':')) {
    return 'LOCAL';
  }
  if (host.startsWith('dev.')) return 'DEV';
  return 'PROD';
}
