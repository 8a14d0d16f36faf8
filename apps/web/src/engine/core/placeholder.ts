import {
  CanvasTexture,
  DoubleSide,
  Mesh,
  MeshBasicMaterial,
  PlaneGeometry,
  SRGBColorSpace,
} from "three";

// What a broken or missing asset shows: a grey card with the reason ('Invalid url' or
// 'No content'). One geometry and one texture per message, shared by every placeholder.

export class Placeholders {
  private geometry = new PlaneGeometry(1, 0.6);
  private materials = new Map<string, MeshBasicMaterial>();

  create(message: string): Mesh {
    let material = this.materials.get(message);
    if (!material) {
      material = new MeshBasicMaterial({
        map: drawCard(message),
        side: DoubleSide,
        transparent: true,
      });
      this.materials.set(message, material);
    }
    const mesh = new Mesh(this.geometry, material);
    mesh.name = `placeholder:${message}`;
    mesh.userData.placeholder = message;
    return mesh;
  }

  dispose() {
    this.geometry.dispose();
    for (const material of this.materials.values()) {
      material.map?.dispose();
      material.dispose();
    }
    this.materials.clear();
  }
}

function drawCard(message: string): CanvasTexture {
  const canvas = document.createElement("canvas");
  canvas.width = 256;
  canvas.height = 154;
  const context = canvas.getContext("2d");
  if (context) {
    context.fillStyle = "rgba(40, 44, 52, 0.9)";
    context.beginPath();
    context.roundRect(0, 0, canvas.width, canvas.height, 16);
    context.fill();
    context.strokeStyle = "#ff8a65";
    context.lineWidth = 6;
    context.beginPath();
    context.moveTo(108, 40);
    context.lineTo(148, 80);
    context.moveTo(148, 40);
    context.lineTo(108, 80);
    context.stroke();
    context.fillStyle = "#ffffff";
    context.font = "bold 24px sans-serif";
    context.textAlign = "center";
    context.fillText(message, canvas.width / 2, 120);
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

/** A small label texture (web views, info points): title text on a coloured card. */
export function drawLabel(
  lines: string[],
  options: {
    width?: number;
    height?: number;
    background?: string;
    color?: string;
    icon?: string;
  } = {},
): CanvasTexture {
  const canvas = document.createElement("canvas");
  canvas.width = options.width ?? 512;
  canvas.height = options.height ?? 288;
  const context = canvas.getContext("2d");
  if (context) {
    context.fillStyle = options.background ?? "#1f2937";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = options.color ?? "#ffffff";
    context.textAlign = "center";
    context.textBaseline = "middle";
    if (options.icon) {
      context.font = `bold ${Math.round(canvas.height * 0.5)}px sans-serif`;
      context.fillText(options.icon, canvas.width / 2, canvas.height * 0.42);
    }
    context.font = `${Math.round(canvas.height / 10)}px sans-serif`;
    lines.forEach((line, index) => {
      const y = options.icon
        ? canvas.height * (0.8 + index * 0.1)
        : canvas.height / 2 + (index - (lines.length - 1) / 2) * canvas.height * 0.14;
      context.fillText(
        line.length > 48 ? `${line.slice(0, 45)}...` : line,
        canvas.width / 2,
        y,
        canvas.width - 24,
      );
    });
  }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}
