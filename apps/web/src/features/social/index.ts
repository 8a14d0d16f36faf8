export { CommentsPanel, type CommentsPanelProps, commentsQueryKey } from "./CommentsPanel";
export { LikeButton, likeQueryKey } from "./LikeButton";
