import { parseDistrictStyles } from "@atrium/domain/entities/district";
import { useQuery } from "@tanstack/react-query";
import { fetchDistrictAccess, fetchDistrictInfo } from "../../api/districts";
import { useMe } from "../../features/auth/use-me";

/** The query keys of a district subdomain; invalidating the first part refreshes both. */
export const districtAccessKey = (subdomain: string) => ["district-access", subdomain] as const;
export const districtInfoKey = (subdomain: string) => ["district-info", subdomain] as const;

/**
 * What a district subdomain shows first (header and page ask the same, once): whether the
 * visitor may enter, their role, then the district itself. Asked again for another account.
 */
export function useDistrict(subdomain: string) {
  const me = useMe();
  const who = me.data?.userId ?? null;
  const access = useQuery({
    queryKey: [...districtAccessKey(subdomain), who],
    queryFn: ({ signal }) => fetchDistrictAccess(subdomain, signal),
    enabled: !me.isPending,
    retry: false,
  });
  const info = useQuery({
    queryKey: [...districtInfoKey(subdomain), who],
    queryFn: ({ signal }) => fetchDistrictInfo(subdomain, signal),
    enabled: access.data?.access === true,
    retry: false,
  });
  const styles = info.data ? parseDistrictStyles(info.data.styles) : {};
  return { me, access, info, styles };
}
