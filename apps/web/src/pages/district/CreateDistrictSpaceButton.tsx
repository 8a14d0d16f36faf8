import { Button } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ROUTES } from "../../app/paths";
import "./catalogue";

/** The editor for a new space that will be a draft of this district. */
export const districtEditorPath = (districtId: string) =>
  `${ROUTES.EDITOR}?districtId=${encodeURIComponent(districtId)}`;

/**
 * Create Space inside a district (owners and creators only: spec 1 §6): the drafts-limit check
 * first, as everywhere, then the editor, whose first save makes a draft of the district.
 */
export function CreateDistrictSpaceButton({
  districtId,
  color,
}: {
  districtId: string;
  color?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const start = async () => {
    setChecking(true);
    try {
      const { runDraftLimitCheck } = await import("../../features/draft-limit/check");
      if (await runDraftLimitCheck(navigate)) await navigate(districtEditorPath(districtId));
    } finally {
      setChecking(false);
    }
  };
  return (
    <Button onClick={() => void start()} loading={checking} {...(color ? { color } : {})}>
      {t("districtSite.createSpace")}
    </Button>
  );
}
