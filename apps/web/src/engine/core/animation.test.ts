import { ALL_CLIPS } from "@atrium/domain";
import {
  AnimationClip,
  Bone,
  BoxGeometry,
  Group,
  Mesh,
  MeshBasicMaterial,
  Quaternion,
  QuaternionKeyframeTrack,
  Skeleton,
  SkinnedMesh,
  Vector3,
  VectorKeyframeTrack,
} from "three";
import { clone as cloneSkinned } from "three/examples/jsm/utils/SkeletonUtils.js";
import { describe, expect, it } from "vitest";
import { nameUnnamedNodes, playClips } from "./animation";

// Issue 21 item 5: a placed model is a copy of the loaded one, and three.js's glTF loader names
// the tracks of an unnamed node after its uuid, which a copy does not keep. The model as the
// loader makes it: unnamed nodes, tracks named `<uuid>.<property>`.

function loadedModel() {
  const scene = new Group();
  const box = new Mesh(new BoxGeometry(), new MeshBasicMaterial());
  const root = new Bone();
  const upper = new Bone();
  upper.position.y = 0.5;
  root.add(upper);
  const skinned = new SkinnedMesh(new BoxGeometry(), new MeshBasicMaterial());
  skinned.add(root);
  skinned.bind(new Skeleton([root, upper]));
  scene.add(box, skinned);
  const slide = new AnimationClip("slide", 1, [
    new VectorKeyframeTrack(`${box.uuid}.position`, [0, 1], [0, 0, 0, 2, 0, 0]),
  ]);
  const bent = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), Math.PI / 4);
  const bend = new AnimationClip("bend", 1, [
    new QuaternionKeyframeTrack(
      `${upper.uuid}.quaternion`,
      [0, 1],
      [0, 0, 0, 1, ...bent.toArray()],
    ),
  ]);
  return { scene, clips: [slide, bend] };
}

/** The copy's box and upper bone, as the placed model holds them. */
function partsOf(copy: Group) {
  const box = copy.children[0] as Mesh;
  const skinned = copy.children[1] as SkinnedMesh;
  return { box, upper: skinned.skeleton.bones[1] as Bone };
}

function placed(choice: Parameters<typeof playClips>[2]) {
  const model = loadedModel();
  nameUnnamedNodes(model.scene);
  const copy = cloneSkinned(model.scene) as Group;
  const mixer = playClips(copy, model.clips, choice);
  mixer?.update(0.5);
  return { model, copy, mixer, ...partsOf(copy) };
}

describe("a placed model's animation", () => {
  it("moves the copy's node with a node clip (the copy's node has a new uuid)", () => {
    const { box, model } = placed("slide");
    expect(box.uuid).not.toBe((model.scene.children[0] as Mesh).uuid);
    expect(box.position.x).toBeCloseTo(1);
  });

  it("bends the copy's own bone with a skinned clip, not the loaded model's", () => {
    const { upper, copy, model } = placed("bend");
    expect(upper.quaternion.x).toBeGreaterThan(0.1);
    const original = (model.scene.children[1] as SkinnedMesh).skeleton.bones[1] as Bone;
    expect(original.quaternion.x).toBe(0);
    // the copy's skin is bound to the copy's bones
    expect(upper.parent?.parent).toBe(copy.children[1]);
  });

  it("plays every clip with all, nothing with none, and nothing for a clip the model lacks", () => {
    const all = placed(ALL_CLIPS);
    expect(all.box.position.x).toBeCloseTo(1);
    expect(all.upper.quaternion.x).toBeGreaterThan(0.1);
    for (const choice of [null, "wave"]) {
      const still = placed(choice);
      expect(still.mixer).toBeNull();
      expect(still.box.position.x).toBe(0);
    }
  });

  it("loops", () => {
    const { box, mixer } = placed("slide");
    mixer?.update(1); // 1.5 s into a 1 s clip
    expect(box.position.x).toBeCloseTo(1);
  });

  it("keeps names a model already has", () => {
    const model = loadedModel();
    model.scene.children[0]!.name = "box";
    nameUnnamedNodes(model.scene);
    expect(model.scene.children[0]?.name).toBe("box");
    expect(model.scene.children[1]?.name).toBe(model.scene.children[1]?.uuid);
  });
});
