import type { District, DistrictAccess } from "@atrium/domain";
import { Anchor, Button, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { runtimeConfig } from "../../app/runtime-config";
import { PageMeta } from "../../app/shell/PageMeta";
import { useMe } from "../../features/auth/use-me";
import { DistrictFollowButton } from "../../features/districts/DistrictFollowButton";
import { OfferSpaceButton } from "./DistrictHosting";
import { DistrictSpacesList, PromotedSpaces } from "./DistrictSpaces";
import { districtSubdomainOf } from "./district-host";
import { type DistrictLook, districtLook } from "./district-look";
import { InvitationAcceptance } from "./InvitationAcceptance";
import { type DistrictSection, resolveDistrictSection } from "./sections";
import { useDistrict } from "./use-district";
import "./catalogue";
import "../../i18n/areas/district";

export interface DistrictContext {
  district: District;
  access: DistrictAccess;
  look: DistrictLook;
}

/**
 * The district subdomain's gate (spec 1 §2): loading, 'This District does not exist' for an
 * unknown subdomain, 'You don't have access to this District' for a private or hidden one the
 * visitor is not a member of; otherwise the district to whatever is inside.
 */
export function DistrictGate({
  subdomain,
  children,
}: {
  subdomain: string;
  children: (context: DistrictContext) => ReactNode;
}) {
  const { t } = useTranslation();
  const { access, info, styles } = useDistrict(subdomain);
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
    return <DistrictMessage title={message} />;
  }
  return <>{children({ district: info.data, access: access.data, look: districtLook(styles) })}</>;
}

function DistrictMessage({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Container py={96} size={720}>
      <PageMeta title={title} noindex />
      <Stack align="center" gap="lg">
        <Title order={1} ta="center">
          {title}
        </Title>
        {action}
      </Stack>
    </Container>
  );
}

/** HOME on a district subdomain: the district in its colours, then its latest spaces. */
export function DistrictHome(context: DistrictContext) {
  const { district, look } = context;
  const { t } = useTranslation();
  const me = useMe();
  return (
    <div>
      <PageMeta title={district.title} />
      <div
        data-testid="district-banner"
        style={{
          background: look.accent,
          color: look.onAccent,
          ...(district.coverPhoto
            ? {
                backgroundImage: `linear-gradient(rgba(0,0,0,.35), rgba(0,0,0,.35)), url(${JSON.stringify(district.coverPhoto)})`,
                backgroundSize: "cover",
                backgroundPosition: "center",
                color: "#ffffff",
              }
            : {}),
        }}
      >
        <Container py={{ base: 40, sm: 64 }}>
          <Title order={1}>{district.title}</Title>
          {district.subtitle ? <Text size="lg">{district.subtitle}</Text> : null}
        </Container>
      </div>
      <Container py="xl">
        <Stack gap="xl">
          <Stack gap="xs">
            <Group justify="flex-end" gap="sm">
              {/* a signed-in visitor may offer a space of theirs (hosting requests) */}
              {me.data && !district.isOwner ? <OfferSpaceButton context={context} /> : null}
              <DistrictFollowButton district={district} color={look.accent} />
            </Group>
            {district.description ? (
              <Text style={{ whiteSpace: "pre-line" }}>{district.description}</Text>
            ) : null}
            <Text c="dimmed" size="sm">
              {t("districtSite.byOwner", { name: district.owner.name })}
              {district.followers > 0
                ? ` · ${t("districtSite.followers", { count: district.followers })}`
                : ""}
            </Text>
          </Stack>
          <PromotedSpaces districtId={district.districtId} />
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h3">
                {t("districtSite.latestSpaces")}
              </Title>
              <Anchor component={Link} to="/spaces/published" c={look.accent} fw={600}>
                {t("districtSite.allSpaces")}
              </Anchor>
            </Group>
            <DistrictSpacesList districtId={district.districtId} state="Published" ipp={6} />
          </Stack>
        </Stack>
      </Container>
    </div>
  );
}

/** The gate and the home page together (the tests' way in). */
export function DistrictHomePage({ subdomain }: { subdomain: string }) {
  return (
    <DistrictGate subdomain={subdomain}>{(context) => <DistrictHome {...context} />}</DistrictGate>
  );
}

/** One district section by address, or the district's not-a-section page. */
function DistrictSectionPage({ context }: { context: DistrictContext }) {
  const { t } = useTranslation();
  const { category, subcategory } = useParams();
  const section = resolveDistrictSection(category, subcategory, context.access.role);
  if (!section)
    return (
      <DistrictMessage
        title={t("districtSite.notASection")}
        action={
          <Button component={Link} to="/" color={context.look.accent}>
            {t("districtSite.backHome")}
          </Button>
        }
      />
    );
  return <SectionBody section={section} context={context} />;
}

function SectionBody({ section, context }: { section: DistrictSection; context: DistrictContext }) {
  if (section.category === "home") return <DistrictHome {...context} />;
  return <LazySection section={section} context={context} />;
}

const Sections = lazy(() => import("./DistrictSections"));

function LazySection(props: {
  section: Exclude<DistrictSection, { category: "home" }>;
  context: DistrictContext;
}) {
  return (
    <Suspense
      fallback={
        <Container py={96}>
          <Stack align="center">
            <Loader />
          </Stack>
        </Container>
      }
    >
      <Sections {...props} />
    </Suspense>
  );
}

/** The route's component for /, /{category} and /{category}/{subcategory} on a district host. */
export function Component() {
  const subdomain = districtSubdomainOf(location.hostname, runtimeConfig.baseDomain);
  if (!subdomain) return null;
  return (
    <>
      <InvitationAcceptance subdomain={subdomain} />
      <DistrictGate subdomain={subdomain}>
        {(context) => <DistrictSectionPage context={context} />}
      </DistrictGate>
    </>
  );
}
