import { RESERVED_SUBDOMAINS } from "@atrium/domain/constants";

/**
 * The district subdomain of a host, or null on the platform's own host.
 * `demo.localhost` on base domain `localhost` is the district "demo".
 */
export function districtSubdomainOf(hostname: string, baseDomain: string): string | null {
  const host = hostname.toLowerCase();
  const base = baseDomain.toLowerCase();
  if (host === base || !host.endsWith(`.${base}`)) return null;
  const label = host.slice(0, -(base.length + 1));
  if (label.includes(".") || (RESERVED_SUBDOMAINS as readonly string[]).includes(label)) {
    return null;
  }
  return label;
}
