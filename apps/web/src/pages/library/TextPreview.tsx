import type { FontItem, TextAsset } from "@atrium/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchFonts } from "../../api/assets";
import classes from "./Library.module.css";

const loaded = new Map<string, Promise<void>>();

/** Registers a catalogue font's web files (one face per subset, with its unicode range) once. */
function loadFont(font: FontItem, weight: number, style: "normal" | "italic") {
  const family = `atrium-${font.fontId}`;
  const key = `${family}:${weight}:${style}`;
  let promise = loaded.get(key);
  if (!promise) {
    const faces = font.files
      .filter((file) => file.format === "woff2" && file.weight === weight && file.style === style)
      .map(
        (file) =>
          new FontFace(family, `url(${file.url}) format("woff2")`, {
            weight: String(weight),
            style,
            unicodeRange: file.unicodeRange,
          }),
      );
    promise = Promise.all(
      faces.map(async (face) => {
        document.fonts.add(face);
        await face.load().catch(() => undefined);
      }),
    ).then(() => undefined);
    loaded.set(key, promise);
  }
  return { family, promise };
}

const luminance = (hex: string) => {
  const value = hex.replace("#", "");
  const full = value.length === 3 ? value.replace(/./g, (c) => c + c) : value.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map(
    (index) => Number.parseInt(full.slice(index, index + 2), 16) / 255,
  );
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};

/** A 3D text's card picture: its content in its own font, weight, style and colour. */
export function TextPreview({ text }: { text: TextAsset }) {
  const fonts = useQuery({
    queryKey: ["fonts"],
    queryFn: fetchFonts,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const font = fonts.data?.find((candidate) => candidate.fontId === text.fontId);
  const weight = text.fontStyles.includes("bold") ? 700 : 400;
  const style = text.fontStyles.includes("italic") ? "italic" : "normal";
  const [family, setFamily] = useState<string | null>(null);
  useEffect(() => {
    if (!font) return;
    const { family: name, promise } = loadFont(font, weight, style);
    let current = true;
    void promise.then(() => current && setFamily(name));
    return () => {
      current = false;
    };
  }, [font, weight, style]);
  const light = luminance(text.colorTint) > 0.6;
  const transform = {
    none: "none",
    upper: "uppercase",
    lower: "lowercase",
    smallCaps: "none",
  } as const;
  return (
    <div
      className={classes.textPreview}
      data-testid="text-preview"
      style={{
        background: light ? "#2b3440" : "#f4f6f8",
        color: text.colorTint,
        fontFamily: family ? `"${family}", sans-serif` : undefined,
        fontWeight: weight,
        fontStyle: style,
        textAlign: text.alignment === "justify" ? "justify" : text.alignment,
        textDecoration: text.fontStyles.includes("underline") ? "underline" : undefined,
        textTransform: transform[text.fontTransform],
        fontVariant: text.fontTransform === "smallCaps" ? "small-caps" : undefined,
        WebkitTextStroke:
          text.outline.width > 0
            ? `${Math.min(2, text.outline.width / 10)}px ${text.outline.color}`
            : undefined,
        textShadow: text.dropShadow ? "2px 2px 4px rgba(0,0,0,0.45)" : undefined,
      }}
    >
      {text.content}
    </div>
  );
}
