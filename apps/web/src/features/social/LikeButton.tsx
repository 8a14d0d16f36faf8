import { formatCompactNumber } from "@atrium/domain/rules/compact-number";
import { Button } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { fetchLikeState, toggleLike } from "../../api/spaces";
import { loginPath } from "../auth/return-to";
import { useMe } from "../auth/use-me";
import { HeartIcon } from "../spaces/icons";
import "../spaces/catalogue";

export const likeQueryKey = (sceneId: string) => ["spaces", "like", sceneId] as const;

/** Like or unlike a space, with its count in compact numbers; signed-out people go to sign-in. */
export function LikeButton({
  sceneId,
  size = "sm",
}: {
  sceneId: string;
  size?: "xs" | "sm" | "md";
}) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: likeQueryKey(sceneId),
    queryFn: ({ signal }) => fetchLikeState(sceneId, signal),
  });
  const like = useMutation({
    mutationFn: () => toggleLike(sceneId),
    onSuccess: (next) => queryClient.setQueryData(likeQueryKey(sceneId), next),
  });
  const liked = state.data?.liked ?? false;
  const count = state.data?.likes ?? 0;
  return (
    <Button
      size={size}
      variant={liked ? "filled" : "default"}
      color={liked ? "pink" : undefined}
      leftSection={<HeartIcon filled={liked} />}
      loading={like.isPending}
      aria-pressed={liked}
      aria-label={`${t(liked ? "social.unlike" : "social.like")} (${t("social.likes", { count })})`}
      data-testid="like-button"
      onClick={() => {
        if (!me.data) {
          void navigate(loginPath(location.pathname + location.search));
          return;
        }
        like.mutate();
      }}
    >
      {formatCompactNumber(count)}
    </Button>
  );
}

export default LikeButton;
