import { ActionIcon, Button } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { fetchFavoriteIds, toggleFavorite } from "../../api/spaces";
import { loginPath } from "../auth/return-to";
import { useMe } from "../auth/use-me";
import { StarIcon } from "../spaces/icons";
import { SPACES_QUERY_ROOT } from "../spaces/use-space-actions";
import "../spaces/catalogue";

/** The signed-in user's favourite space ids: one request however many toggles a page shows. */
export const favoriteIdsQueryKey = ["spaces", "favorite-ids"] as const;

/**
 * Adds a space to the signed-in user's favourites or removes it (a toggle button with
 * aria-pressed); signed-out people go to sign-in and come back. `icon` is the cards' round
 * button, `button` the viewer's space info.
 */
export function FavoriteButton({
  sceneId,
  title,
  variant = "button",
}: {
  sceneId: string;
  /** The space's title, in the icon's accessible name ("Favourite Gallery walk"). */
  title?: string;
  variant?: "button" | "icon";
}) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedIn = Boolean(me.data);
  const ids = useQuery({
    queryKey: favoriteIdsQueryKey,
    queryFn: ({ signal }) => fetchFavoriteIds(signal),
    enabled: signedIn,
    staleTime: 60_000,
  });
  const favorite = signedIn && (ids.data?.sceneIds.includes(sceneId) ?? false);
  const toggle = useMutation({
    mutationFn: () => toggleFavorite(sceneId, !favorite),
    onSuccess: (next) => {
      queryClient.setQueryData<{ sceneIds: string[] }>(favoriteIdsQueryKey, (old) => {
        const rest = (old?.sceneIds ?? []).filter((id) => id !== next.sceneId);
        return { sceneIds: next.favorite ? [next.sceneId, ...rest] : rest };
      });
      // the lists that show favourites: activity/favorites and the viewer's MY FAVOURITES
      void queryClient.invalidateQueries({ queryKey: [SPACES_QUERY_ROOT, "favorites"] });
      void queryClient.invalidateQueries({ queryKey: ["viewer-explore", "myFavourites"] });
    },
  });
  const onClick = () => {
    if (!signedIn) {
      void navigate(loginPath(location.pathname + location.search));
      return;
    }
    toggle.mutate();
  };
  if (variant === "icon") {
    return (
      <ActionIcon
        variant={favorite ? "filled" : "default"}
        color={favorite ? "yellow" : undefined}
        autoContrast
        radius="xl"
        aria-label={title ? t("social.favouriteSpace", { title }) : t("social.favourite")}
        aria-pressed={favorite}
        loading={toggle.isPending}
        onClick={onClick}
        data-testid="favorite-toggle"
      >
        <StarIcon filled={favorite} />
      </ActionIcon>
    );
  }
  return (
    <Button
      size="sm"
      variant={favorite ? "filled" : "default"}
      color={favorite ? "yellow" : undefined}
      autoContrast
      leftSection={<StarIcon filled={favorite} />}
      aria-pressed={favorite}
      loading={toggle.isPending}
      onClick={onClick}
      data-testid="favorite-toggle"
    >
      {t("social.favourite")}
    </Button>
  );
}

export default FavoriteButton;
