import { Box, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Trailing dots that grow every second: '', '.', '..', '...' (spec 2 §4 loading overlay). */
export function useTrailingDots(active = true) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setCount((value) => (value + 1) % 4), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return ".".repeat(count);
}

/** The viewer's full-screen loading overlay: progress percentage and trailing dots. */
export function LoadingOverlay({ progress, title }: { progress: number; title?: string }) {
  const { t } = useTranslation();
  const dots = useTrailingDots();
  const percent = Math.round(Math.max(0, Math.min(1, progress)) * 100);
  return (
    <Box
      data-testid="viewer-loading"
      role="status"
      aria-live="polite"
      pos="absolute"
      inset={0}
      style={{
        zIndex: 20,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: "linear-gradient(160deg, #0f1b2d 0%, #1d3557 100%)",
        color: "white",
      }}
    >
      <Stack align="center" gap="sm">
        <Loader color="white" type="dots" />
        {title && (
          <Text fw={700} size="xl" ta="center" px="md">
            {title}
          </Text>
        )}
        <Text size="lg" style={{ fontVariantNumeric: "tabular-nums" }}>
          {t("viewerPage.loading")} {percent}%
          <span style={{ display: "inline-block", width: "1.5em", textAlign: "left" }}>{dots}</span>
        </Text>
      </Stack>
    </Box>
  );
}
