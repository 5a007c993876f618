// What a DNS host name's labels may be, for every place that takes a domain from a person (an
// e-mail's domain, a website to claim).

/** RFC 1035 host-name label: letters, digits, inner hyphens, at most 63 characters. */
export const HOST_NAME_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** True when `label` (one part between dots, as a URL gives it: IDNA A-labels) is a host label. */
export function isHostNameLabel(label: string): boolean {
  return HOST_NAME_LABEL.test(label);
}
