import { api } from "../../api/client";

/**
 * A premade space as the home page shows it. The call is GET /api/sceneService/premadescene
 * (spec 2 §7.4), served by the spaces work; the shape read here is the spec's space template
 * family with its templates (spec 1 §3): `[{ spaceTemplateFamilyId, title, description,
 * coverPhoto, photoGallery, tier, templates: [{ spaceTemplateId, size, districtPrice }] }]`.
 * Entries without an id or a title are left out rather than guessed at.
 */
export interface PremadeSpaceCard {
  id: string;
  title: string;
  description: string;
  cover: string | null;
  tier: string | null;
  sizes: string[];
  /** The lowest credit price among its sizes, or null when none is given. */
  fromCredits: number | null;
}

export const PREMADE_PATH = "/api/sceneService/premadescene";

type Loose = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");

export function toPremadeCards(body: unknown): PremadeSpaceCard[] {
  const list = Array.isArray(body)
    ? body
    : Array.isArray((body as Loose)?.items)
      ? (body as { items: unknown[] }).items
      : [];
  return list.flatMap((raw) => {
    if (!raw || typeof raw !== "object") return [];
    const entry = raw as Loose;
    const id = text(entry.spaceTemplateFamilyId) || text(entry.premadeSceneId) || text(entry.id);
    const title = text(entry.title);
    if (!id || !title) return [];
    const templates = (Array.isArray(entry.templates) ? entry.templates : []) as Loose[];
    const prices = templates
      .map((template) => template.districtPrice)
      .filter((price): price is number => typeof price === "number" && price >= 0);
    return [
      {
        id,
        title,
        description: text(entry.description),
        cover: text(entry.coverPhoto) || text(entry.thumbnailUri) || null,
        tier: text(entry.tier) || null,
        sizes: templates.map((template) => text(template.size)).filter(Boolean),
        fromCredits: prices.length > 0 ? Math.min(...prices) : null,
      },
    ];
  });
}

export const premadeSpacesQuery = () => ({
  queryKey: ["api", PREMADE_PATH] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    toPremadeCards(await api<unknown>(PREMADE_PATH, { signal, quiet: true })),
  // the section is simply left out when the catalogue cannot be read
  retry: false,
});
