import { Box } from "@mantine/core";
import { useRef, useState } from "react";

const SIZE = 120;
const KNOB = 48;

/** The phone's walking joystick: x right, y forward, each -1..1; (0, 0) when released. */
export function Joystick({ onChange }: { onChange: (x: number, y: number) => void }) {
  const [knob, setKnob] = useState({ x: 0, y: 0 });
  const active = useRef<number | null>(null);
  const center = useRef({ x: 0, y: 0 });
  const move = (clientX: number, clientY: number) => {
    const radius = (SIZE - KNOB) / 2;
    let dx = clientX - center.current.x;
    let dy = clientY - center.current.y;
    const length = Math.hypot(dx, dy);
    if (length > radius) {
      dx = (dx / length) * radius;
      dy = (dy / length) * radius;
    }
    setKnob({ x: dx, y: dy });
    onChange(dx / radius, -dy / radius);
  };
  const release = () => {
    active.current = null;
    setKnob({ x: 0, y: 0 });
    onChange(0, 0);
  };
  return (
    <Box
      data-testid="viewer-joystick"
      aria-hidden
      pos="absolute"
      left={24}
      bottom={24}
      w={SIZE}
      h={SIZE}
      style={{
        borderRadius: "50%",
        background: "rgba(255,255,255,0.25)",
        border: "2px solid rgba(255,255,255,0.6)",
        touchAction: "none",
        zIndex: 12,
      }}
      onPointerDown={(event) => {
        const rect = event.currentTarget.getBoundingClientRect();
        center.current = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
        active.current = event.pointerId;
        event.currentTarget.setPointerCapture(event.pointerId);
        move(event.clientX, event.clientY);
      }}
      onPointerMove={(event) => {
        if (active.current === event.pointerId) move(event.clientX, event.clientY);
      }}
      onPointerUp={release}
      onPointerCancel={release}
    >
      <Box
        pos="absolute"
        w={KNOB}
        h={KNOB}
        style={{
          left: (SIZE - KNOB) / 2 - 2 + knob.x,
          top: (SIZE - KNOB) / 2 - 2 + knob.y,
          borderRadius: "50%",
          background: "rgba(255,255,255,0.85)",
        }}
      />
    </Box>
  );
}
