import { Button, type ButtonProps } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { follow, followState, unfollow } from "../../api/accounts";
import { loginPath } from "../auth/return-to";
import { useMe } from "../auth/use-me";
import "../../i18n/areas/viewer";

/**
 * Follow or Unfollow a person, for profiles, space cards and the viewer's creator menu. It is
 * hidden on your own content (spec 1 §6: a user cannot follow themselves); signed out, it
 * leads to sign-in and back.
 */
export function FollowButton({ userId, ...props }: { userId: string } & ButtonProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const state = useQuery({
    queryKey: ["follow-state", userId],
    queryFn: () => followState(userId),
    enabled: Boolean(me) && me?.userId !== userId,
  });
  const toggle = useMutation({
    mutationFn: () => (state.data?.following ? unfollow(userId) : follow(userId)),
    onSuccess: (next) => {
      queryClient.setQueryData(["follow-state", userId], next);
      void queryClient.invalidateQueries({ queryKey: ["profile", userId] });
      void queryClient.invalidateQueries({ queryKey: ["follows"] });
    },
  });
  if (me?.userId === userId) return null;
  if (!me) {
    return (
      <Button component={Link} to={loginPath(location.pathname)} {...props}>
        {t("viewer.creatorActions.follow")}
      </Button>
    );
  }
  const following = state.data?.following ?? false;
  return (
    <Button
      variant={following ? "default" : "filled"}
      loading={toggle.isPending || state.isPending}
      onClick={() => toggle.mutate()}
      aria-pressed={following}
      {...props}
    >
      {t(following ? "viewer.creatorActions.unfollow" : "viewer.creatorActions.follow")}
    </Button>
  );
}
