export { CommentsPanel, type CommentsPanelProps, commentsQueryKey } from "./CommentsPanel";
export { FavoriteButton, favoriteIdsQueryKey } from "./FavoriteButton";
export { LikeButton, likeQueryKey } from "./LikeButton";
