import type { District, DistrictFollowState } from "@atrium/domain";
import { Button, type ButtonProps } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { fetchDistrictFollowState, followDistrict, unfollowDistrict } from "../../api/districts";
import { loginPath } from "../auth/return-to";
import { useMe } from "../auth/use-me";
import "../../i18n/areas/viewer";

export const districtFollowKey = (districtId: string) => ["district-follow", districtId] as const;

type Followable = Pick<District, "districtId" | "follows" | "followers" | "isOwner">;

/** Whether the visitor follows the district, and its follower count, from its own answer first. */
export function useDistrictFollowState(district: Followable) {
  return useQuery<DistrictFollowState>({
    queryKey: districtFollowKey(district.districtId),
    queryFn: () => fetchDistrictFollowState(district.districtId),
    initialData: {
      districtId: district.districtId,
      follows: district.follows,
      followers: district.followers,
    },
    staleTime: 60_000,
  });
}

/**
 * Follow or Unfollow a district (socialInteractionService districtfollow). Its state starts
 * from the district's own answer (search tells the visitor whether they follow), so a page of
 * cards asks nothing more. Hidden on one's own district (the server refuses it); signed out,
 * it leads to sign-in and back.
 */
export function DistrictFollowButton({
  district,
  ...props
}: {
  district: Followable;
} & ButtonProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const key = districtFollowKey(district.districtId);
  const state = useDistrictFollowState(district);
  const toggle = useMutation({
    mutationFn: () =>
      state.data.follows
        ? unfollowDistrict(district.districtId)
        : followDistrict(district.districtId),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      void queryClient.invalidateQueries({ queryKey: ["account-districts"] });
    },
  });
  if (district.isOwner) return null;
  const label = (following: boolean) =>
    t(following ? "viewer.creatorActions.unfollow" : "viewer.creatorActions.follow");
  if (!me) {
    return (
      <Button component={Link} to={loginPath(location.pathname + location.search)} {...props}>
        {label(false)}
      </Button>
    );
  }
  const following = state.data.follows;
  return (
    <Button
      variant={following ? "default" : "filled"}
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
      aria-pressed={following}
      data-testid="district-follow"
      {...props}
    >
      {label(following)}
    </Button>
  );
}
