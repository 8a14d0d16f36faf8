import type { District } from "@atrium/domain";
import { parseDistrictStyles } from "@atrium/domain/entities/district";
import { formatCompactNumber } from "@atrium/domain/rules/compact-number";
import { Avatar, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { districtSiteUrl } from "../../api/districts";
import { runtimeConfig } from "../../app/runtime-config";
import { districtLook } from "../../pages/district/district-look";
import classes from "./DistrictCard.module.css";
import { DistrictFollowButton, useDistrictFollowState } from "./DistrictFollowButton";
import "../../i18n/areas/district";

/**
 * A district in explore's districts tab: its cover (or its initial on its theme colour),
 * title and subtitle leading to its own site on `{subdomain}.{base domain}`, its owner, its
 * followers, the visitor's role or 'Private', and Follow.
 */
export function DistrictCard({ district }: { district: District }) {
  const { t } = useTranslation();
  const href = districtSiteUrl(district.subdomain, runtimeConfig.baseDomain);
  const look = districtLook(parseDistrictStyles(district.styles));
  const cover = district.coverPhoto ?? district.photo;
  const follow = useDistrictFollowState(district);
  const role = district.districtUserRole;
  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      className={classes.card}
      data-testid="district-card"
      data-district-id={district.districtId}
    >
      <a href={href} className={classes.cover} tabIndex={-1} aria-label={district.title}>
        {cover ? (
          <img src={cover} alt="" loading="lazy" className={classes.image} />
        ) : (
          <div
            className={classes.initial}
            style={{ background: look.accent, color: look.onAccent }}
          >
            {district.title.slice(0, 1).toUpperCase()}
          </div>
        )}
        <Group gap={6} className={classes.badges}>
          {role ? (
            <Badge variant="filled" color="dark" size="sm">
              {t(`district.roles.${role.toLowerCase()}`)}
            </Badge>
          ) : null}
          {district.public ? null : (
            <Badge variant="filled" color="gray" size="sm">
              {t("district.private")}
            </Badge>
          )}
        </Group>
      </a>
      <Stack gap={8} p="md" style={{ flex: 1 }}>
        <Stack gap={2}>
          <Text
            component="a"
            href={href}
            fw={700}
            size="lg"
            lineClamp={1}
            className={classes.title}
            style={look.fontFamily ? { fontFamily: look.fontFamily } : undefined}
          >
            {district.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {district.subtitle || `${district.subdomain}.${runtimeConfig.baseDomain}`}
          </Text>
        </Stack>
        <Group justify="space-between" wrap="nowrap" mt="auto" gap="sm">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={district.owner.profilePicture} size={28} radius="xl" alt="" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" lineClamp={1}>
                {district.owner.name}
              </Text>
              <Text size="xs" c="dimmed" data-testid="district-followers">
                {t("explore.districts.followers", {
                  count: follow.data.followers,
                  formatted: formatCompactNumber(follow.data.followers),
                })}
              </Text>
            </Stack>
          </Group>
          <DistrictFollowButton district={district} size="xs" radius="xl" />
        </Group>
      </Stack>
    </Card>
  );
}
