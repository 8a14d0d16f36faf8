import type { PublicProfile } from "@atrium/domain";
import { formatCompactNumber } from "@atrium/domain/rules/compact-number";
import { Button, Container, Group, Text, Title } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { userPath } from "../../app/paths";
import { UserAvatar } from "../../features/auth/UserAvatar";
import { FollowButton } from "../../features/follow/FollowButton";
import classes from "./ProfileHeader.module.css";
import "../../i18n/areas/account";

const ProfileEditor = lazy(() => import("./ProfileEditor"));

/** Cover, picture, name, counts, and Follow (others) or Edit profile (the owner). */
export function ProfileHeader({ profile, isOwner }: { profile: PublicProfile; isOwner: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const counts = [
    ["followers", profile.numOfFollowers, userPath(profile.userId, "connections", "followers")],
    ["following", profile.numOfFollowing, userPath(profile.userId, "connections", "following")],
    ["spaces", profile.numPublishedSpaces, userPath(profile.userId, "spaces", "published")],
  ] as const;
  return (
    <header>
      <div className={classes.cover}>
        {profile.coverPhoto && (
          <img
            className={classes.coverImage}
            src={profile.coverPhoto}
            alt={t("accounts.profile.coverPhoto")}
          />
        )}
      </div>
      <Container w="100%">
        <div className={classes.identity}>
          <UserAvatar user={profile} size={120} radius={120} className={classes.picture} />
          <div className={classes.names}>
            <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: "anywhere" }}>
              {profile.name}
            </Title>
            {profile.username && <Text c="dimmed">@{profile.username}</Text>}
          </div>
          <Group gap="sm" pb={4}>
            {isOwner ? (
              <Button variant="default" onClick={() => setEditing(true)}>
                {t("accounts.profile.edit")}
              </Button>
            ) : (
              <FollowButton userId={profile.userId} />
            )}
          </Group>
        </div>
        <Group gap="xl" mt="md">
          {counts.map(([key, value, to]) => (
            <Text key={key} component={Link} to={to} c="inherit" style={{ textDecoration: "none" }}>
              <Text span fw={800}>
                {formatCompactNumber(value)}
              </Text>{" "}
              <Text span c="dimmed">
                {t(`accounts.profile.counts.${key}`, { count: value })}
              </Text>
            </Text>
          ))}
        </Group>
      </Container>
      {editing && (
        <Suspense fallback={null}>
          <ProfileEditor profile={profile} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </header>
  );
}
