// Atrium's own avatars: stylised low-poly figures generated here (never downloaded). Each
// differs in palette and in the shapes of its head, torso and limbs; the parts are separate
// named nodes (head, torso, arm_left, arm_right, leg_left, leg_right) pivoting at the neck,
// shoulders and hips, so the 3D viewer can walk and emote by rotating nodes.

export type HeadShape = "block" | "round" | "octagon" | "tall";
export type TorsoShape = "block" | "tapered" | "barrel" | "wedge";
export type LimbShape = "block" | "round";
export type Accessory = "none" | "cap" | "cone-hat" | "crest" | "halo";

export interface AvatarDefinition {
  id: string;
  name: string;
  skin: string;
  top: string;
  bottom: string;
  accent: string;
  head: HeadShape;
  torso: TorsoShape;
  limbs: LimbShape;
  accessory: Accessory;
  /** Overall height factor around 1. */
  stature: number;
  /** Shoulder width factor around 1. */
  build: number;
}

export const AVATARS: readonly AvatarDefinition[] = [
  {
    id: "juniper",
    name: "Juniper",
    skin: "#f2c9a0",
    top: "#3dabff",
    bottom: "#1f3b57",
    accent: "#ffd166",
    head: "round",
    torso: "tapered",
    limbs: "round",
    accessory: "cap",
    stature: 1,
    build: 1,
  },
  {
    id: "basalt",
    name: "Basalt",
    skin: "#8d5a3b",
    top: "#3a3f47",
    bottom: "#20242a",
    accent: "#ff6b35",
    head: "block",
    torso: "block",
    limbs: "block",
    accessory: "none",
    stature: 1.06,
    build: 1.18,
  },
  {
    id: "coral",
    name: "Coral",
    skin: "#e8b48f",
    top: "#ff7f6e",
    bottom: "#f4f1de",
    accent: "#2ec4b6",
    head: "octagon",
    torso: "wedge",
    limbs: "round",
    accessory: "crest",
    stature: 0.96,
    build: 0.95,
  },
  {
    id: "moss",
    name: "Moss",
    skin: "#c68e62",
    top: "#5c8a3a",
    bottom: "#6b4f2e",
    accent: "#e9c46a",
    head: "round",
    torso: "barrel",
    limbs: "block",
    accessory: "cone-hat",
    stature: 0.92,
    build: 1.1,
  },
  {
    id: "indigo",
    name: "Indigo",
    skin: "#5a3825",
    top: "#4b3fa8",
    bottom: "#2b2d42",
    accent: "#e0e1ff",
    head: "tall",
    torso: "tapered",
    limbs: "block",
    accessory: "halo",
    stature: 1.1,
    build: 0.92,
  },
  {
    id: "saffron",
    name: "Saffron",
    skin: "#f5d6b4",
    top: "#f4a300",
    bottom: "#7a2e1f",
    accent: "#ffffff",
    head: "block",
    torso: "barrel",
    limbs: "round",
    accessory: "cap",
    stature: 0.98,
    build: 1.04,
  },
  {
    id: "glacier",
    name: "Glacier",
    skin: "#dcb08a",
    top: "#a8dadc",
    bottom: "#457b9d",
    accent: "#1d3557",
    head: "octagon",
    torso: "block",
    limbs: "round",
    accessory: "none",
    stature: 1.02,
    build: 1,
  },
  {
    id: "ember",
    name: "Ember",
    skin: "#a86b47",
    top: "#c1121f",
    bottom: "#2f2f2f",
    accent: "#fdf0d5",
    head: "tall",
    torso: "wedge",
    limbs: "block",
    accessory: "crest",
    stature: 1.04,
    build: 1.08,
  },
  {
    id: "orchid",
    name: "Orchid",
    skin: "#f0c8a8",
    top: "#b565a7",
    bottom: "#3d2c5a",
    accent: "#9be564",
    head: "round",
    torso: "wedge",
    limbs: "round",
    accessory: "halo",
    stature: 0.94,
    build: 0.9,
  },
  {
    id: "slate",
    name: "Slate",
    skin: "#7b4b32",
    top: "#6c757d",
    bottom: "#343a40",
    accent: "#00b4d8",
    head: "octagon",
    torso: "tapered",
    limbs: "block",
    accessory: "cone-hat",
    stature: 1.08,
    build: 1.06,
  },
];

export const AVATAR_NODE_NAMES = [
  "head",
  "torso",
  "arm_left",
  "arm_right",
  "leg_left",
  "leg_right",
] as const;

export function findAvatar(id: string) {
  return AVATARS.find((avatar) => avatar.id === id) ?? null;
}
