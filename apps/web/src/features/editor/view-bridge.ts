import type { Vec3 } from "@atrium/domain";

/** A camera pose in document units: position in metres, rotation as XYZ Euler radians. */
export interface CameraPose {
  position: Vec3;
  rotation: Vec3;
  /** Which way the camera looks on the ground, in radians about y (for starting points). */
  yaw?: number;
  pitch?: number;
  /** Taken standing in walk mode (a visitor's eye), not from the overview camera. */
  standing?: boolean;
  /** In walk mode, the visitor's feet. */
  feet?: Vec3;
}

/**
 * What the panels may ask of the 3D view (session, never document): where the camera is, and
 * to move it. The viewport registers itself while it is shown; without it the answers are null.
 */
interface RegisteredView {
  getPose(): CameraPose;
  /** A visitor's eye: the walker's, or the overview turned into a standing pose inside. */
  getStandingPose(): CameraPose;
  flyTo(pose: CameraPose): void;
  /** Where new content goes from the view (issue 21 item 2); null when nothing fits in view. */
  placeNew(hangsOnWalls: boolean, levelId: string): ViewPlacement | null;
  /** The space from its start point at a card's size (WebP or JPEG), for its cover. */
  capture?(): Promise<Blob | null>;
}

export interface ViewPlacement {
  levelId: string;
  position: Vec3;
  rotation: Vec3;
  wallId?: string;
}

export class ViewBridge {
  private viewport: RegisteredView | null = null;

  register(viewport: RegisteredView) {
    this.viewport = viewport;
    return () => {
      if (this.viewport === viewport) this.viewport = null;
    };
  }

  getPose(): CameraPose | null {
    return this.viewport?.getPose() ?? null;
  }

  getStandingPose(): CameraPose | null {
    return this.viewport?.getStandingPose() ?? null;
  }

  flyTo(pose: CameraPose) {
    this.viewport?.flyTo(pose);
  }

  placeNew(hangsOnWalls: boolean, levelId: string): ViewPlacement | null {
    return this.viewport?.placeNew(hangsOnWalls, levelId) ?? null;
  }

  /** A rendered view of the space for its cover; null without a 3D view. */
  async capture(): Promise<Blob | null> {
    return (await this.viewport?.capture?.()) ?? null;
  }

  get available() {
    return this.viewport !== null;
  }
}
