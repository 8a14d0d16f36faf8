import { coreMessages } from "@atrium/domain/messages/core";
import { Button } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { fetchDistrictInfoById } from "../../api/districts";
import { districtWizardPath } from "../../app/paths";

/**
 * The editor's Upgrade (spec 1 §2: it opens the District setup). A space of one's own leads to
 * the district wizard to create a district (non-Pro users pick Pro in its overview); a district's
 * space leads to that district's wizard in edit mode (slots and premade spaces), for its owner
 * only: the district upgrade option is the owner's (spec 1 §6), so creators see none.
 */
export function EditorUpgradeButton({
  districtId,
  className,
}: {
  districtId: string | null;
  className?: string;
}) {
  const district = useQuery({
    queryKey: ["district-info-by-id", districtId],
    queryFn: ({ signal }) => fetchDistrictInfoById(districtId as string, signal),
    enabled: districtId !== null,
    staleTime: 60_000,
  });
  if (districtId !== null && district.data?.isOwner !== true) return null;
  return (
    <Button
      variant="light"
      component={Link}
      to={districtWizardPath(districtId ?? undefined)}
      className={className}
      data-testid="editor-upgrade"
    >
      {coreMessages.editor.upgrade}
    </Button>
  );
}
