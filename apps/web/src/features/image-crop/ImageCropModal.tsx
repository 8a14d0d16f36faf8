import { CROP } from "@atrium/domain/constants";
import type { ImageCrop } from "@atrium/domain/entities/account";
import { Button, Group, Modal, Slider, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useTranslation } from "react-i18next";
import "../../i18n/areas/account";

/**
 * The crop step (spec 2 §5.1): zoom 1 to 3 in steps of 0.1, rotation 0 to 360, a fixed aspect
 * (square for profile pictures). The chosen area is reported in pixels of the turned picture,
 * and the server cuts the original accordingly.
 */
export function ImageCropModal({
  file,
  aspect = CROP.aspect,
  title,
  onCancel,
  onConfirm,
}: {
  file: File;
  aspect?: number;
  title: string;
  onCancel: () => void;
  onConfirm: (crop: ImageCrop) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP.zoom.min);
  const [rotation, setRotation] = useState<number>(CROP.rotation.min);
  const [area, setArea] = useState<Area | null>(null);

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  return (
    <Modal opened onClose={onCancel} title={title} size="lg" centered>
      <Stack>
        <div
          style={{
            position: "relative",
            height: "min(60vh, 380px)",
            background: "#1b1b1f",
            borderRadius: 16,
            overflow: "hidden",
          }}
        >
          {url && (
            <Cropper
              image={url}
              crop={position}
              zoom={zoom}
              rotation={rotation}
              aspect={aspect}
              minZoom={CROP.zoom.min}
              maxZoom={CROP.zoom.max}
              onCropChange={setPosition}
              onZoomChange={setZoom}
              onRotationChange={setRotation}
              onCropComplete={(_relative, pixels) => setArea(pixels)}
            />
          )}
        </div>
        <div>
          <Text size="sm" fw={600}>
            {t("accounts.crop.zoom")}
          </Text>
          <Slider
            thumbLabel={t("accounts.crop.zoom")}
            min={CROP.zoom.min}
            max={CROP.zoom.max}
            step={CROP.zoom.step}
            value={zoom}
            onChange={setZoom}
            label={(value) => `${value.toFixed(1)}×`}
          />
        </div>
        <div>
          <Text size="sm" fw={600}>
            {t("accounts.crop.rotation")}
          </Text>
          <Slider
            thumbLabel={t("accounts.crop.rotation")}
            min={CROP.rotation.min}
            max={CROP.rotation.max}
            step={1}
            value={rotation}
            onChange={setRotation}
            label={(value) => `${value}°`}
          />
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button
            disabled={!area}
            onClick={() =>
              area &&
              onConfirm({
                x: Math.max(0, Math.round(area.x)),
                y: Math.max(0, Math.round(area.y)),
                width: Math.max(1, Math.round(area.width)),
                height: Math.max(1, Math.round(area.height)),
                rotation,
              })
            }
          >
            {t("accounts.crop.apply")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
