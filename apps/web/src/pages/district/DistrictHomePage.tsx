import { parseDistrictStyles } from "@atrium/domain/entities/district";
import { Container, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { fetchDistrictAccess, fetchDistrictInfo } from "../../api/districts";
import { runtimeConfig } from "../../app/runtime-config";
import { PageMeta } from "../../app/shell/PageMeta";
import { districtSubdomainOf } from "./district-host";
import { InvitationAcceptance } from "./InvitationAcceptance";

/**
 * HOME on a district subdomain (spec 1 §2): the district's title, subtitle and description in
 * its theme colour and font; 'You don't have access to this District' when private or hidden;
 * an unknown subdomain says so. The district's sections come with later work (docs/districts.md).
 */
export function DistrictHomePage({ subdomain }: { subdomain: string }) {
  const { t } = useTranslation();
  const access = useQuery({
    queryKey: ["district-access", subdomain],
    queryFn: ({ signal }) => fetchDistrictAccess(subdomain, signal),
    retry: false,
  });
  const info = useQuery({
    queryKey: ["district-info", subdomain],
    queryFn: ({ signal }) => fetchDistrictInfo(subdomain, signal),
    enabled: access.data?.access === true,
    retry: false,
  });

  if (access.isPending || (access.data?.access && info.isPending)) {
    return (
      <Container py={96}>
        <Stack align="center">
          <Loader aria-label={t("common.loading")} />
        </Stack>
      </Container>
    );
  }
  const unknown = access.error instanceof ApiError && access.error.status === 404;
  if (access.isError || info.isError || !access.data?.access || !info.data) {
    const message = unknown ? t("district.unknownDistrict") : t("district.noAccess");
    return (
      <Container py={96} size={720}>
        <PageMeta title={message} noindex />
        <Title order={1} ta="center">
          {message}
        </Title>
      </Container>
    );
  }
  const district = info.data;
  const styles = parseDistrictStyles(district.styles);
  return (
    <div style={styles.fontFamily ? { fontFamily: styles.fontFamily } : undefined}>
      <PageMeta title={district.title} />
      <div
        data-testid="district-banner"
        style={{ background: styles.theme ?? "var(--mantine-color-blue-filled)", color: "white" }}
      >
        <Container py={64}>
          <Title order={1}>{district.title}</Title>
          {district.subtitle ? <Text size="lg">{district.subtitle}</Text> : null}
        </Container>
      </div>
      <Container py="xl">
        <Stack gap="sm">
          {district.description ? <Text>{district.description}</Text> : null}
          <Text c="dimmed" size="sm">
            {district.owner.name}
          </Text>
        </Stack>
      </Container>
    </div>
  );
}

/** The route's component: the subdomain comes from the host. */
export function Component() {
  const subdomain = districtSubdomainOf(location.hostname, runtimeConfig.baseDomain);
  if (!subdomain) return null;
  return (
    <>
      <InvitationAcceptance subdomain={subdomain} />
      <DistrictHomePage subdomain={subdomain} />
    </>
  );
}
