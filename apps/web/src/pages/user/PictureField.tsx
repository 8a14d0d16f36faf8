import type { ImageCrop } from "@atrium/domain/entities/account";
import { Button, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cropPreview } from "../../features/image-crop/crop-preview";
import { ImageCropModal } from "../../features/image-crop/ImageCropModal";
import "../../i18n/areas/account";

export interface ChosenPicture {
  file: File;
  crop: ImageCrop;
  preview: string;
}

const ACCEPT = "image/png,image/jpeg,image/webp,image/gif,image/avif";

/** Choose a picture, crop it, see the result; or remove the current one. */
export function PictureField({
  label,
  current,
  chosen,
  aspect,
  round,
  onChosen,
  onRemove,
}: {
  label: string;
  current: string | null;
  chosen: ChosenPicture | null;
  aspect: number;
  round?: boolean;
  onChosen: (picture: ChosenPicture | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [cropping, setCropping] = useState<File | null>(null);
  const shown = chosen?.preview ?? current;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group align="center" gap="md">
        {shown ? (
          <Image
            src={shown}
            alt={label}
            w={round ? 72 : 216}
            h={72}
            radius={round ? 72 : "md"}
            fit="cover"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t("accounts.profile.noPicture")}
          </Text>
        )}
        <FileButton accept={ACCEPT} onChange={(file) => file && setCropping(file)}>
          {(props) => (
            <Button variant="light" size="xs" {...props}>
              {t("accounts.profile.choosePicture")}
            </Button>
          )}
        </FileButton>
        {shown && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => {
              onChosen(null);
              onRemove();
            }}
          >
            {t("accounts.profile.removePicture")}
          </Button>
        )}
      </Group>
      {cropping && (
        <ImageCropModal
          file={cropping}
          aspect={aspect}
          title={t("accounts.crop.title", { picture: label })}
          onCancel={() => setCropping(null)}
          onConfirm={async (crop) => {
            const file = cropping;
            setCropping(null);
            const url = URL.createObjectURL(file);
            try {
              onChosen({ file, crop, preview: await cropPreview(url, crop) });
            } catch {
              // spec 2 §8: a crop failure is logged
              console.warn("crop preview failed");
              onChosen({ file, crop, preview: url });
              return;
            }
            URL.revokeObjectURL(url);
          }}
        />
      )}
    </Stack>
  );
}
