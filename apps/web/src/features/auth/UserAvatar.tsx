import { Avatar, type AvatarProps } from "@mantine/core";

/** A person's picture: their profile picture, else their avatar's thumbnail, else initials. */
export function UserAvatar({
  user,
  ...props
}: {
  user: { name: string; profilePicture: string | null; avatar: string | null };
} & AvatarProps) {
  const src = user.profilePicture
    ? user.profilePicture.startsWith("/api/fileService/file/")
      ? user.profilePicture.replace("/file/", "/thumbnail/")
      : user.profilePicture
    : user.avatar
      ? `/api/avatarService/thumbnail/${encodeURIComponent(user.avatar)}.png`
      : null;
  return (
    <Avatar src={src} alt={user.name} color="atrium" {...props}>
      {initials(user.name)}
    </Avatar>
  );
}

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join("") || "?"
  );
}
