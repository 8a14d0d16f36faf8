import type { Comment } from "@atrium/domain";
import { formatRelativeTime } from "@atrium/domain/rules/relative-time";
import { Avatar, Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { addComment, deleteComment, editComment, fetchComments } from "../../api/spaces";
import { userPath } from "../../app/paths";
import { loginPath } from "../auth/return-to";
import { useMe } from "../auth/use-me";
import { ConfirmDialog } from "../spaces/ConfirmDialog";
import "../spaces/catalogue";

export const commentsQueryKey = (sceneId: string) => ["spaces", "comments", sceneId] as const;

export interface CommentsPanelProps {
  sceneId: string;
  /** The space's owner may delete any comment. */
  spaceOwnerId: string;
  /** The space's comments switch (metadata `comments`). */
  enabled: boolean;
}

/**
 * A space's comments (spec 2 §3.9): threaded replies, edit with an 'edited' mark, delete by the
 * author or the space's owner (after Yes/No), and nothing but a note when comments are off.
 */
export function CommentsPanel({ sceneId, spaceOwnerId, enabled }: CommentsPanelProps) {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const queryClient = useQueryClient();
  const comments = useQuery({
    queryKey: commentsQueryKey(sceneId),
    queryFn: ({ signal }) => fetchComments(sceneId, signal),
    enabled,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(sceneId) });
  const post = useMutation({
    mutationFn: (input: { body: string; parentCommentId: string | null }) =>
      addComment(sceneId, input.body, input.parentCommentId),
    onSuccess: refresh,
  });

  if (!enabled) {
    return (
      <Text c="dimmed" size="sm" data-testid="comments-off">
        {t("social.commentsOff")}
      </Text>
    );
  }
  const list = comments.data ?? [];
  return (
    <Stack gap="md" data-testid="comments-panel">
      {me.data ? (
        <CommentForm
          label={t("social.writeComment")}
          submitLabel={t("social.post")}
          pending={post.isPending}
          onSubmit={(body) => post.mutateAsync({ body, parentCommentId: null })}
        />
      ) : (
        <Button
          component={Link}
          to={loginPath(location.pathname + location.search)}
          variant="light"
        >
          {t("social.signInToComment")}
        </Button>
      )}
      {list.length === 0 && !comments.isPending ? (
        <Text c="dimmed" size="sm">
          {t("social.noComments")}
        </Text>
      ) : null}
      {list.map((comment) => (
        <CommentItem
          key={comment.commentId}
          comment={comment}
          myId={me.data?.userId ?? null}
          spaceOwnerId={spaceOwnerId}
          onChanged={refresh}
          onReply={(body) => post.mutateAsync({ body, parentCommentId: comment.commentId })}
        />
      ))}
    </Stack>
  );
}

function CommentForm(props: {
  label: string;
  submitLabel: string;
  initial?: string;
  pending: boolean;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(props.initial ?? "");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return;
        void props.onSubmit(body.trim()).then(() => setBody(""));
      }}
    >
      <Stack gap="xs">
        <Textarea
          aria-label={props.label}
          placeholder={props.label}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
        />
        <Group justify="flex-end" gap="xs">
          {props.onCancel ? (
            <Button variant="default" size="xs" onClick={props.onCancel}>
              {t("social.cancel")}
            </Button>
          ) : null}
          <Button type="submit" size="xs" loading={props.pending} disabled={!body.trim()}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CommentItem(props: {
  comment: Comment;
  myId: string | null;
  spaceOwnerId: string;
  onChanged: () => void;
  onReply?: (body: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { comment, myId } = props;
  const [mode, setMode] = useState<"view" | "edit" | "reply">("view");
  const [confirming, setConfirming] = useState(false);
  const edit = useMutation({
    mutationFn: (body: string) => editComment(comment.commentId, body),
    onSuccess: () => {
      setMode("view");
      props.onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteComment(comment.commentId),
    onSuccess: props.onChanged,
  });
  const isAuthor = myId === comment.user.userId;
  const mayDelete = isAuthor || myId === props.spaceOwnerId;
  return (
    <Stack gap={6} data-testid="comment" data-comment-id={comment.commentId}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Avatar src={comment.user.profilePicture} size={32} radius="xl" alt="" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text size="sm" fw={700} component={Link} to={userPath(comment.user.userId)}>
              {comment.user.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatRelativeTime(comment.createdAt, new Date())}
              {comment.edited ? ` · ${t("social.edited")}` : ""}
            </Text>
          </Group>
          {mode === "edit" ? (
            <CommentForm
              label={t("social.edit")}
              submitLabel={t("social.save")}
              initial={comment.body}
              pending={edit.isPending}
              onSubmit={(body) => edit.mutateAsync(body)}
              onCancel={() => setMode("view")}
            />
          ) : (
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {comment.body}
            </Text>
          )}
          {mode === "view" ? (
            <Group gap={4}>
              {myId && props.onReply ? (
                <Button variant="subtle" size="compact-xs" onClick={() => setMode("reply")}>
                  {t("social.reply")}
                </Button>
              ) : null}
              {isAuthor ? (
                <Button variant="subtle" size="compact-xs" onClick={() => setMode("edit")}>
                  {t("social.edit")}
                </Button>
              ) : null}
              {mayDelete ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-xs"
                  onClick={() => setConfirming(true)}
                >
                  {t("social.delete")}
                </Button>
              ) : null}
            </Group>
          ) : null}
          {mode === "reply" && props.onReply ? (
            <CommentForm
              label={t("social.writeReply")}
              submitLabel={t("social.reply")}
              pending={false}
              onSubmit={async (body) => {
                await props.onReply?.(body);
                setMode("view");
              }}
              onCancel={() => setMode("view")}
            />
          ) : null}
        </Stack>
      </Group>
      {comment.childComments.length > 0 ? (
        <Stack gap="sm" pl={40}>
          {comment.childComments.map((child) => (
            <CommentItem
              key={child.commentId}
              comment={child}
              myId={myId}
              spaceOwnerId={props.spaceOwnerId}
              onChanged={props.onChanged}
            />
          ))}
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t("social.deleteComment")}
        body={comment.body}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate();
        }}
      />
    </Stack>
  );
}

export default CommentsPanel;
